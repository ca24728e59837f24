// giflib ships a pkg-config file on Debian (libgif.pc) but not on Homebrew, so this module asks
// pkg-config nothing: the header is found on the compiler's own search path (Debian's /usr/include,
// Intel Homebrew's /usr/local/include) or at Apple-silicon Homebrew's prefix. On that prefix the
// linker also needs `-L/opt/homebrew/lib` (README, "macOS").
#if __has_include(<gif_lib.h>)
#include <gif_lib.h>
#elif __has_include("/opt/homebrew/include/gif_lib.h")
#include "/opt/homebrew/include/gif_lib.h"
#elif __has_include("/opt/homebrew/opt/giflib/include/gif_lib.h")
#include "/opt/homebrew/opt/giflib/include/gif_lib.h"
#else
#error "giflib's gif_lib.h not found: apt-get install libgif-dev, or brew install giflib"
#endif
