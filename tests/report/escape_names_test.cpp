// Issue 12: findings_github.cpp once called `data(f.message)` meaning its local escaper;
// argument-dependent lookup picked std::data instead and the message went out raw. The
// escapers now have distinct names (escape_*), and this test keeps the renderers and the CLI
// free of unqualified calls to the std:: functions that ADL finds for strings and containers.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace {

/// "file:line: name(" for each unqualified call to a std:: range function in `text`.
std::string adl_traps(const std::string& file, const std::string& text) {
    static const char* const k_names[] = {"data", "size", "ssize", "empty", "begin", "end",
                                          "cbegin", "cend", "rbegin", "rend"};
    std::string found;
    for (const char* name : k_names) {
        const std::string call = std::string(name) + "(";
        for (std::size_t at = text.find(call); at != std::string::npos; at = text.find(call, at + 1)) {
            char before = at ? text[at - 1] : ' ';
            bool qualified = before == '.' || before == '>' || before == ':' || before == '_' ||
                             std::isalnum(static_cast<unsigned char>(before));
            if (!qualified) {
                auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n');
                found += file + ":" + std::to_string(line) + ": " + call + "\n";
            }
        }
    }
    return found;
}

}  // namespace

TEST_CASE("renderers and verbs make no unqualified call that ADL could send to std::", "[report][escape]") {
    std::size_t files = 0;
    std::string found;
    for (const char* dir : {"report", "cli"}) {
        for (const auto& e : fs::recursive_directory_iterator(fs::path(KG_SOURCE_DIR) / dir)) {
            const std::string ext = e.path().extension().string();
            if (ext != ".cpp" && ext != ".h") {
                continue;
            }
            std::ifstream in(e.path(), std::ios::binary);
            std::ostringstream ss;
            ss << in.rdbuf();
            found += adl_traps(e.path().lexically_relative(KG_SOURCE_DIR).string(), ss.str());
            ++files;
        }
    }
    CHECK(files > 30);
    INFO(found);
    CHECK(found.empty());
    // The check itself finds the original mistake.
    CHECK(!adl_traps("x.cpp", "os << data(f.message);").empty());
    CHECK(adl_traps("x.cpp", "os << s.data() << std::size(v) << escape_github_message(m);").empty());
}
