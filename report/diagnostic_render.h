// Input diagnostics for the terminal: the message, the quoted value in it and the source line
// under it come from the file being read, so they are printed through escape_terminal.
#pragma once

#include "model/diagnostic.h"

#include <string>

namespace kg::report {

enum class Excerpt { yes, no };

/// `file:line:col: severity: message`, then (Excerpt::yes and the file text kept) the source
/// line and a caret under the column. Control and bidi characters are made visible and the
/// caret still points at the same character.
std::string render_diagnostic(const model::SourceFiles& files, const model::Diagnostic& d,
                              Excerpt excerpt = Excerpt::yes);

}  // namespace kg::report
