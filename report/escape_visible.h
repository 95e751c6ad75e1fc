// The step every escaper shares: characters that can steer a terminal, reorder text or break
// a parser are replaced by a visible, ASCII spelling before the format's own escaping runs.
#pragma once

#include <string>
#include <string_view>

namespace kg::report::detail {

/// `s` with C0 controls (except those in `keep`), DEL and bytes that are not UTF-8 as `\xNN`,
/// and C1 controls, bidi overrides/isolates and U+FFFE/U+FFFF as `<U+XXXX>`. The result is
/// valid UTF-8 and holds no control character outside `keep`.
std::string make_visible(std::string_view s, std::string_view keep = {});

/// Whether code point `cp` is one make_visible spells as <U+XXXX>.
bool hostile_code_point(char32_t cp);

}  // namespace kg::report::detail
