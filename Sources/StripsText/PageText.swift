// Text recognition, PDF text, text cache and text layers.
