// Runs every rule over its fixtures (testdata/lint/rules/<ID>-<name>/): fires.yaml
// must produce exactly the (line, id) pairs its `# expect: KQxxxx` comments name,
// passes.yaml and passes-real.yaml (a real-world manifest) none. A policy.yaml beside
// them is loaded as --policy.
#include "lint/engine.h"
#include "model/loader.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace fs = std::filesystem;
using Pairs = std::set<std::pair<std::uint32_t, std::string>>;

namespace {

Pairs expected_pairs(const fs::path& file) {
    Pairs out;
    std::ifstream in(file);
    std::string line;
    std::uint32_t n = 0;
    static const std::regex k_id("KQ[0-9]{4}");
    while (std::getline(in, line)) {
        ++n;
        std::size_t at = line.find("# expect:");
        if (at == std::string::npos) {
            continue;
        }
        std::string rest = line.substr(at);
        for (std::sregex_iterator it(rest.begin(), rest.end(), k_id), end; it != end; ++it) {
            out.insert({n, it->str()});
        }
    }
    return out;
}

Pairs actual_pairs(const fs::path& dir, const fs::path& file, const std::string& id) {
    kg::model::Cluster cluster;
    kg::model::DiagSink diags;
    REQUIRE(kg::model::load_paths({file.string()}, cluster, diags));
    kg::model::GovernancePolicy policy;
    if (fs::exists(dir / "policy.yaml")) {
        kg::model::DiagSink pd;
        auto p = kg::model::load_policy_file(cluster.files, (dir / "policy.yaml").string(), pd);
        REQUIRE(p.has_value());
        INFO("policy diagnostics: " << (pd.empty() ? "" : pd.items()[0].message));
        REQUIRE(pd.error_count() == 0);
        policy = *p;
    }
    kg::model::KueueConfig kueue = policy.kueue.value_or(cluster.kueue_config.value_or(kg::model::KueueConfig{}));
    kg::lint::RuleContext cx{cluster, policy, kueue, diags.items()};
    kg::lint::LintOptions opt;
    opt.enable = {id};
    Pairs out;
    for (const kg::model::Finding& f : kg::lint::run_lint(cx, opt).findings) {
        INFO(f.message);
        CHECK(cluster.files.name(f.pos.file_id) == file.string());
        out.insert({f.pos.line, f.rule});
    }
    return out;
}

std::string show(const Pairs& p) {
    std::ostringstream os;
    for (const auto& [line, id] : p) {
        os << " " << id << "@" << line;
    }
    return os.str();
}

}  // namespace

TEST_CASE("every rule fires exactly where its fixture says and passes its clean fixture", "[lint][fixtures]") {
    fs::path root = fs::path(KG_SOURCE_DIR) / "testdata/lint/rules";
    std::vector<fs::path> dirs;
    for (const auto& e : fs::directory_iterator(root)) {
        dirs.push_back(e.path());
    }
    std::sort(dirs.begin(), dirs.end());
    REQUIRE(!dirs.empty());
    for (const fs::path& dir : dirs) {
        std::string id = dir.filename().string().substr(0, 6);
        SECTION(dir.filename().string()) {
            Pairs want = expected_pairs(dir / "fires.yaml");
            CHECK(!want.empty());
            Pairs got = actual_pairs(dir, dir / "fires.yaml", id);
            INFO("expected:" << show(want) << "\nactual:  " << show(got));
            CHECK(got == want);
            Pairs clean = actual_pairs(dir, dir / "passes.yaml", id);
            INFO("passes.yaml findings:" << show(clean));
            CHECK(clean.empty());
            CHECK(expected_pairs(dir / "passes.yaml").empty());
            // A real-world manifest (Kueue's or a vendor's documentation) the rule must pass too.
            Pairs real = actual_pairs(dir, dir / "passes-real.yaml", id);
            INFO("passes-real.yaml findings:" << show(real));
            CHECK(real.empty());
        }
    }
}
