// Keeps the rule catalogue honest (kube-linter's habit): every registered rule has
// docs, fixtures and well-formed texts; every fixture folder names a registered rule;
// the checked-in man page equals a fresh generation.
#include "lint/rule.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

TEST_CASE("the registry is sorted by id with unique ids and names", "[lint][meta]") {
    const auto& rules = kg::lint::registry();
    REQUIRE(rules.size() > 30);
    for (std::size_t i = 1; i < rules.size(); ++i) {
        CHECK(std::string(rules[i - 1].info->id) < std::string(rules[i].info->id));
        CHECK(std::string(rules[i - 1].info->name) != std::string(rules[i].info->name));
    }
}

TEST_CASE("every registered rule has docs, fixtures and a remediation ending with a period", "[lint][meta]") {
    fs::path root = fs::path(KG_SOURCE_DIR) / "testdata/lint/rules";
    for (const kg::lint::Rule& r : kg::lint::registry()) {
        std::string id = r.info->id;
        INFO(id);
        std::string rem = r.info->remediation;
        std::string sum = r.info->summary;
        CHECK(!rem.empty());
        CHECK(rem.back() == '.');
        CHECK(!sum.empty());
        CHECK(sum.back() != '.');
        std::string_view doc = kg::lint::rule_doc(id);
        CHECK(doc.find("# " + id + " " + r.info->name) == 0);
        CHECK(doc.find("## Remediation") != std::string_view::npos);
        fs::path dir = root / (id + "-" + r.info->name);
        CHECK(fs::exists(dir / "fires.yaml"));
        CHECK(fs::exists(dir / "passes.yaml"));
        CHECK(fs::exists(dir / "passes-real.yaml"));
        CHECK(id.size() == 6);
        CHECK(std::string(r.info->name).find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") == std::string::npos);
    }
}

TEST_CASE("every rule's family and scope agree with its id range, its folder and the engine", "[lint][meta]") {
    using kg::model::RuleFamily;
    using kg::model::RuleScope;
    const char* by_digit[] = {"", "validation", "references", "governance", "quota"};
    for (const kg::lint::Rule& r : kg::lint::registry()) {
        const kg::model::RuleInfo& i = *r.info;
        std::string id = i.id;
        INFO(id);
        REQUIRE(id[2] >= '1');
        REQUIRE(id[2] <= '4');
        const std::string family = kg::model::family_name(i.family);
        CHECK(family == by_digit[id[2] - '0']);
        // The code and docs live in lint/rules/<family>/, named after the id and the name.
        std::string stem = "kq" + id.substr(2) + "_" + i.name;
        std::replace(stem.begin(), stem.end(), '-', '_');
        fs::path dir = fs::path(KG_SOURCE_DIR) / "lint/rules" / family;
        CHECK(fs::exists(dir / (stem + ".cpp")));
        CHECK(fs::exists(dir / (stem + ".md")));
        // Validation is what the API server does on each apply: every definition is judged.
        if (i.family == RuleFamily::validation) {
            CHECK(i.scope == RuleScope::definition);
        }
        CHECK(i.scope != RuleScope::history);
    }
}

TEST_CASE("every fixture folder names a registered rule", "[lint][meta]") {
    fs::path root = fs::path(KG_SOURCE_DIR) / "testdata/lint/rules";
    for (const auto& e : fs::directory_iterator(root)) {
        std::string dir = e.path().filename().string();
        INFO(dir);
        const kg::lint::Rule* r = kg::lint::find_rule(dir.substr(0, 6));
        REQUIRE(r != nullptr);
        CHECK(dir == std::string(r->info->id) + "-" + r->info->name);
    }
}

TEST_CASE("the checked-in kueuegov-rules.7 equals a fresh generation", "[lint][meta]") {
    std::string cmd = std::string(KG_BINARY) + " lint --list-rules -o man";
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p != nullptr);
    std::string fresh;
    char buf[4096];
    std::size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) {
        fresh.append(buf, n);
    }
    CHECK(pclose(p) == 0);
    std::ifstream in(fs::path(KG_SOURCE_DIR) / "man/kueuegov-rules.7");
    std::stringstream ss;
    ss << in.rdbuf();
    INFO("regenerate with scripts/gen-rules-man");
    CHECK(ss.str() == fresh);
}
