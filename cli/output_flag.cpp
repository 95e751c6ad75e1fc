// The deprecated `-o FILE` of report and audit head/sign (output_flag.h). Remove in 0.2.
#include "cli/output_flag.h"

#include <algorithm>
#include <iostream>

namespace kg::cli {

namespace {

std::string listed(const std::vector<std::string>& formats) {
    std::string out;
    for (std::size_t i = 0; i < formats.size(); ++i) {
        out += (i == 0 ? "" : i + 1 == formats.size() ? " or " : ", ") + formats[i];
    }
    return out;
}

}  // namespace

CLI::Validator deprecated_file_formats(const std::vector<std::string>& formats) {
    std::string desc = "{";
    for (std::size_t i = 0; i < formats.size(); ++i) desc += (i ? "," : "") + formats[i];
    return CLI::Validator([](std::string&) { return std::string(); }, desc + "}");
}

bool settle_output_flag(const std::string& verb, std::string& format, std::string& file,
                        const std::vector<std::string>& formats, const std::string& fallback) {
    if (std::find(formats.begin(), formats.end(), format) != formats.end()) {
        return true;
    }
    if (!file.empty()) {
        std::cerr << "kueuegov: error: -o expects a format (" << listed(formats) << "), found \"" << format
                  << "\"; the file is --output-file\n";
        return false;
    }
    std::cerr << "kueuegov: warning: " << verb << " -o FILE is deprecated and will be removed in 0.2: -o is the "
              << "format (" << listed(formats) << "); writing \"" << format << "\" as with --output-file " << format
              << "\n";
    file = format;
    format = fallback;
    return true;
}

}  // namespace kg::cli
