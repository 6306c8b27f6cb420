import ArgumentParser

/// What a start does with scans an earlier session left (`--recover`).
enum RecoverMode: String, CaseIterable, ExpressibleByArgument {
    /// Offer them in the window (the window's default; a script answers with T, D or Escape).
    case ask
    /// Take them into the document.
    case take
    /// Remove them.
    case discard
    /// Leave them where they are, with one line saying so (the headless default).
    case keep
}
