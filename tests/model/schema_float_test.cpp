// is_yaml11_float replaced a std::regex in the schema walker: it must accept exactly
// what that regex accepted, on every short string over the characters that matter.
#include "model/schema/schema.h"

#include <catch2/catch.hpp>

#include <regex>
#include <string>

using kg::model::schema::is_yaml11_float;

namespace {

bool regex_float(const std::string& s) {
    static const std::regex k_float(
        R"([0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?|[0-9]+\.([eE][-+]?[0-9]+)?|\.(inf|Inf|INF|nan|NaN|NAN))");
    return !s.empty() && std::regex_match(s, k_float);
}

}  // namespace

TEST_CASE("is_yaml11_float accepts exactly what the YAML 1.1 float regex accepts") {
    // Every string of up to five characters over this alphabet: 7^1 + ... + 7^5 cases.
    const std::string alphabet = "01.eE-+";
    std::size_t checked = 0;
    std::string s;
    auto visit = [&](auto&& self, std::size_t len) -> void {
        if (s.size() == len) {
            INFO("\"" << s << "\"");
            REQUIRE(is_yaml11_float(s) == regex_float(s));
            ++checked;
            return;
        }
        for (char c : alphabet) {
            s.push_back(c);
            self(self, len);
            s.pop_back();
        }
    };
    for (std::size_t len = 0; len <= 5; ++len) {
        visit(visit, len);
    }
    CHECK(checked == 1 + 7 + 49 + 343 + 2401 + 16807);
    for (const char* word : {".inf", ".Inf", ".INF", ".nan", ".NaN", ".NAN", ".iNf", "inf", "1.5x", "x1.5", "1e", "1.e5"}) {
        INFO(word);
        CHECK(is_yaml11_float(word) == regex_float(word));
    }
}
