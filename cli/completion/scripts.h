// The shell scripts `kueuegov completion bash|zsh|fish` prints. Each is a thin shim over
// `kueuegov __complete` (complete.h): the candidates come from the binary, never from the script.
#pragma once

#include <string_view>

namespace kg::cli {

/// The script for `shell` ("bash", "zsh" or "fish"); empty for any other name.
std::string_view completion_script(std::string_view shell);

}  // namespace kg::cli
