// glibc's gettext (libintl.h: not in the Glibc module) and setlocale: the window's translations.
#include <libintl.h>
#include <locale.h>
