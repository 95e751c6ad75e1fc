// Reads one input (a file, a FIFO, a device or stdin) into memory with a byte
// limit, so `-f /dev/zero` or an endless pipe stops with an error instead of
// growing without bound, and says why a path cannot be read (a symlink loop, a
// dangling symlink) in words a user can act on.
#pragma once

#include "model/mapped_file.h"
#include "model/result.h"

#include <cstddef>
#include <cstdint>
#include <memory>
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

/// Inputs this large are mapped rather than read (map_input): below it, copying costs
/// less than the mapping's system calls.
inline constexpr std::uint64_t k_map_from = std::uint64_t{1} << 20;

/// `path` mapped read-only (MappedFile) when it is a regular file of k_map_from bytes or
/// more and at most `limit`; null otherwise, and when it cannot be opened or mapped: the
/// caller then reads it with read_input, which says what is wrong.
std::unique_ptr<MappedFile> map_input(const std::string& path, std::uint64_t limit);

/// Asks the kernel for transparent huge pages under the whole 2 MiB pages of a large
/// buffer not yet written (where THP is given only on request, as on Debian's default
/// "madvise"): one fault per 2 MiB instead of one per 4 KiB page. A hint; failing, it
/// changes nothing. Buffers under 8 MiB are left alone.
void advise_huge_pages(const void* begin, std::size_t bytes);

/// Why `path` cannot be opened, for a path the caller found unusable: "no such file
/// or directory", "symbolic link loop", "dangling symbolic link to \"x\"", ...
std::string unreadable_reason(const std::string& path, int err);

}  // namespace kg::model
