// Writing a gzip file. zlib's one door is audit/ingest/ (input.cpp inflates sources, this file
// deflates outputs such as the partitioned FOCUS tree), so no other module includes zlib.h.
#pragma once

#include <string>
#include <string_view>

namespace kg::audit::ingest {

/// Writes `data` gzip-compressed to `path` (created or truncated). The header carries no file
/// name and mtime 0, so the same data gives the same bytes. Returns "" or what went wrong.
std::string write_gzip_file(const std::string& path, std::string_view data);

}  // namespace kg::audit::ingest
