// -o is the format in every verb and --output-file the file (issue 16). Verbs whose -o named
// a file (report, audit head, audit sign) keep that meaning for one release: a value that is
// no format of the verb is taken as the file, with a deprecation warning on stderr.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace kg::cli {

/// A check that accepts any value but describes `formats` as IsMember does ("{a,b}"), so --help
/// and completion offer the formats while the deprecated -o FILE still parses.
CLI::Validator deprecated_file_formats(const std::vector<std::string>& formats);

/// Settles `format` (the -o value) against `formats`. A known format: true, unchanged. Any
/// other value: a deprecated `-o FILE`, so `file` = that value, `format` = `fallback`, and a
/// warning naming `verb`; an error (false) when --output-file was given as well.
bool settle_output_flag(const std::string& verb, std::string& format, std::string& file,
                        const std::vector<std::string>& formats, const std::string& fallback);

}  // namespace kg::cli
