// The old name of escape_terminal (report/escape.h), kept only while report/explain_render.cpp
// still calls it; new code calls escape_terminal.
#pragma once

#include "report/escape.h"

namespace kg::report {

/// Same as escape_terminal.
inline std::string terminal_safe(std::string_view s) { return escape_terminal(s); }

}  // namespace kg::report
