// End to end per history rule: each testdata/audit/check/<ID>-<name>/ holds audit logs in
// the audit.k8s.io/v1 shape. fires.jsonl is ingested through the real ingest into a fresh
// store, read back through the store's queries and checked with that rule alone: the
// findings must sit exactly on the (line, rule) pairs of fires.expect (line 0 = a finding
// derived from many lines, such as usage over time). passes.jsonl must give none. A
// policy.yaml beside them is the --policy.
#include "audit/check/engine.h"
#include "audit/check/rule.h"
#include "audit/check/store_view.h"
#include "audit_test_util.h"
#include "model/policy.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace fs = std::filesystem;
using Pairs = std::set<std::pair<std::uint32_t, std::string>>;

namespace {

Pairs expected(const fs::path& file) {
    Pairs out;
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream ls(line);
        std::uint32_t n = 0;
        std::string id;
        REQUIRE(ls >> n >> id);
        out.insert({n, id});
    }
    return out;
}

Pairs actual(const fs::path& dir, const std::string& log, const std::string& id) {
    kg::audit::test::TempPath db("check-" + id + "-" + log);
    kg::audit::EvidenceStore store(db.str(), kg::audit::EvidenceStore::Access::read_write);
    auto ing = kg::audit::test::ingest_file(store, (dir / log).string());
    INFO("ingest diagnostics: " << ing.diag);
    REQUIRE(ing.result.counts.bad == 0);
    kg::audit::check::HistoryView v;
    if (fs::exists(dir / "policy.yaml")) {
        kg::model::SourceFiles files;
        kg::model::DiagSink pd;
        auto p = kg::model::load_policy_file(files, (dir / "policy.yaml").string(), pd);
        REQUIRE(p.has_value());
        REQUIRE(pd.error_count() == 0);
        v.policy = *p;
        if (v.policy.kueue) v.kueue = *v.policy.kueue;
    }
    kg::audit::check::fill_view(store, v);
    kg::audit::check::CheckOptions opt;
    opt.enable = {id};
    auto res = kg::audit::check::run_checks(v, opt);
    Pairs out;
    for (const kg::model::Finding& f : res.findings) {
        INFO(f.message);
        if (f.pos.line != 0) {
            CHECK(res.files.name(f.pos.file_id) == (dir / log).string());
        }
        if (id != "KQ5005" && id != "KQ5006") {  // those two are derived from many requests
            CHECK(!f.actor.empty());
        }
        CHECK(!f.time.empty());
        out.insert({f.pos.line, f.rule});
    }
    return out;
}

std::string show(const Pairs& p) {
    std::ostringstream os;
    for (const auto& [line, id] : p) os << " " << id << "@" << line;
    return os.str();
}

}  // namespace

TEST_CASE("every history rule fires on its audit log fixture and passes its clean one", "[audit][check][fixtures]") {
    fs::path root = fs::path(KG_SOURCE_DIR) / "testdata/audit/check";
    std::set<std::string> seen;
    for (const auto& e : fs::directory_iterator(root)) {
        const fs::path dir = e.path();
        const std::string id = dir.filename().string().substr(0, 6);
        const auto* rule = kg::audit::check::find_rule(id);
        INFO(dir.filename().string());
        REQUIRE(rule != nullptr);
        CHECK(dir.filename().string() == id + "-" + rule->info->name);
        seen.insert(id);
        SECTION(dir.filename().string()) {
            Pairs want = expected(dir / "fires.expect");
            CHECK(!want.empty());
            Pairs got = actual(dir, "fires.jsonl", id);
            INFO("expected:" << show(want) << "\nactual:  " << show(got));
            CHECK(got == want);
            Pairs clean = actual(dir, "passes.jsonl", id);
            INFO("passes.jsonl findings:" << show(clean));
            CHECK(clean.empty());
        }
    }
    // Every registered rule has fixtures.
    for (const auto& r : kg::audit::check::registry()) {
        INFO(r.info->id);
        CHECK(seen.count(r.info->id) == 1);
    }
}
