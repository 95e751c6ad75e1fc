// The history check engine: rule selection, the policy's overrides, evidence positions,
// order; and the catalogue's honesty (ids, docs, texts), as lint's meta tests do.
#include "audit/check/rule.h"
#include "check_util.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

using namespace kg::testing;
using kg::audit::check::HistoryView;
using kg::model::Severity;

namespace {

HistoryView two_rule_view() {
    HistoryView v;
    v.policy.owner_users = {"alice@example.com"};
    v.policy.change_record_annotation = "kueuegov.io/change-ticket";
    auto late = change("ClusterQueue", "team-a", "patch", "bob@example.com", 20);
    late.evidence = "logs/b.log:7";
    v.changes.push_back(late);
    auto early = change("Cohort", "gpu", "patch", "bob@example.com", 10);
    early.evidence = "logs/a.log:3";
    v.changes.push_back(early);
    return v;
}

}  // namespace

TEST_CASE("findings are ordered by time and point at their evidence", "[audit][check]") {
    auto res = kg::audit::check::run_checks(two_rule_view(), {});
    REQUIRE(res.findings.size() == 4);
    CHECK(res.findings[0].rule == "KQ5001");
    CHECK(res.findings[0].object.name == "gpu");
    CHECK(res.findings[1].rule == "KQ5007");
    CHECK(res.findings[1].object.name == "gpu");
    CHECK(res.findings[2].object.name == "team-a");
    CHECK(res.files.name(res.findings[0].pos.file_id) == "logs/a.log");
    CHECK(res.findings[0].pos.line == 3);
    CHECK(res.findings[0].pos.file_id == res.findings[1].pos.file_id);
    CHECK(res.files.name(res.findings[3].pos.file_id) == "logs/b.log");
    CHECK(res.findings[3].pos.line == 7);
    CHECK(res.findings[0].hint == kg::audit::check::find_rule("KQ5001")->info->remediation);
}

TEST_CASE("enable, disable and the policy's rules: section pick and weigh the rules", "[audit][check]") {
    HistoryView v = two_rule_view();
    kg::audit::check::CheckOptions opt;
    opt.disable = {"KQ5007"};
    auto res = kg::audit::check::run_checks(v, opt);
    CHECK(res.findings.size() == 2);
    CHECK(res.rules_run.size() == kg::audit::check::registry().size() - 1);

    v.policy.rules["KQ5001"].enabled = false;
    v.policy.rules["KQ5007"].severity = Severity::error;
    res = kg::audit::check::run_checks(v, {});
    REQUIRE(res.findings.size() == 2);
    CHECK(res.findings[0].rule == "KQ5007");
    CHECK(res.findings[0].severity == Severity::error);

    opt = {};
    opt.enable = {"KQ5001"};  // re-enables what the policy switched off
    res = kg::audit::check::run_checks(v, opt);
    CHECK(res.findings.size() == 2);
    CHECK(res.findings[0].rule == "KQ5001");
}

TEST_CASE("an evidence reference without a line still names its source", "[audit][check]") {
    HistoryView v = two_rule_view();
    v.changes.resize(1);
    v.changes[0].evidence = "export.yaml";
    kg::audit::check::CheckOptions opt;
    opt.enable = {"KQ5001"};
    auto res = kg::audit::check::run_checks(v, opt);
    REQUIRE(res.findings.size() == 1);
    CHECK(res.files.name(res.findings[0].pos.file_id) == "export.yaml");
    CHECK(res.findings[0].pos.line == 0);
}

TEST_CASE("the history rule catalogue is sorted, documented and well-formed", "[audit][check][meta]") {
    const auto& rules = kg::audit::check::registry();
    REQUIRE(rules.size() == 8);
    for (std::size_t i = 0; i < rules.size(); ++i) {
        const auto& info = *rules[i].info;
        std::string id = info.id;
        INFO(id);
        if (i > 0) {
            CHECK(std::string(rules[i - 1].info->id) < id);
        }
        CHECK(id.rfind("KQ5", 0) == 0);
        CHECK(id.size() == 6);
        CHECK(kg::audit::check::find_rule(id) == &rules[i]);
        std::string sum = info.summary, rem = info.remediation;
        CHECK(!sum.empty());
        CHECK(sum.back() != '.');
        CHECK(rem.back() == '.');
        std::string_view doc = kg::audit::check::rule_doc(id);
        CHECK(doc.find("# " + id + " " + info.name + "\n") == 0);
        CHECK(doc.find("Severity: " + std::string(kg::model::severity_name(info.severity)) + ". " + sum + ".") !=
              std::string_view::npos);
        CHECK(doc.find("## Example") != std::string_view::npos);
        CHECK(doc.find("## Remediation\n\n" + rem) != std::string_view::npos);
        // Family and scope are stated in the registry entry; a history rule reads the store.
        CHECK(info.family == kg::model::RuleFamily::history);
        CHECK(info.scope == kg::model::RuleScope::history);
        std::string stem = "kq" + id.substr(2) + "_" + info.name;
        std::replace(stem.begin(), stem.end(), '-', '_');
        CHECK(std::filesystem::exists(std::filesystem::path(KG_SOURCE_DIR) / "audit/check/rules" / (stem + ".cpp")));
    }
    CHECK(kg::audit::check::find_rule("KQ1001") == nullptr);
}
