// Reads one input (a file, a FIFO, a device or stdin) into memory with a byte
// limit, so `-f /dev/zero` or an endless pipe stops with an error instead of
// growing without bound, and says why a path cannot be read (a symlink loop, a
// dangling symlink) in words a user can act on.
#pragma once

#include "model/result.h"

#include <cstdint>
#include <string>

namespace kg::model {

struct InputText {
    std::string text;
    /// True when the input held more than the limit: `text` has the first `limit` bytes.
    bool over_limit = false;
};

/// Reads `path` ("-" for stdin) up to `limit` bytes. Fails (with a lower-case
/// reason, no file name) when the path cannot be opened or read.
Result<InputText> read_input(const std::string& path, std::uint64_t limit);

/// Why `path` cannot be opened, for a path the caller found unusable: "no such file
/// or directory", "symbolic link loop", "dangling symbolic link to \"x\"", ...
std::string unreadable_reason(const std::string& path, int err);

}  // namespace kg::model
