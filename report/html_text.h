// Text for the HTML evidence report's table cells: escaped like any HTML text, plus line-break
// opportunities (<wbr>) inside long identifiers, so a column can be as narrow as its longest
// word without the browser breaking words at arbitrary letters ("wa/rni/ng"). Identifiers break
// after the separators people read as boundaries (/ : . , = @ ] ) and before [ ( ), and hashes
// and other runs of 24 or more letters and digits (no word is that long) in groups of 16.
#pragma once

#include <string>
#include <string_view>

namespace kg::report {

/// escape_html_text(s) with <wbr> inside whitespace-free runs longer than `min_run` characters.
/// Plain words stay whole. Only for element content, never for attribute values.
std::string html_text(std::string_view s, std::size_t min_run = 16);

}  // namespace kg::report
