// The evidence report's RBAC section (C7): shown only with a store, every name escaped by the
// format's one escape function (hostile_payloads.h), the JSON shape, and what it says when the
// RBAC at an instant is unknown.
#include "hostile_payloads.h"
#include "report/evidence_report.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>

using namespace kg::report;

namespace {

std::string render(const ReportData& d, ReportFormat f) {
    std::ostringstream out;
    auto r = render_evidence_report(out, d, f, builtin_templates());
    REQUIRE(r.has_value());
    return out.str();
}

ReportData with_rbac(const std::string& name) {
    ReportData d;
    d.from = 1767225600;
    d.to = d.from + 86400;
    d.rbac.present = true;
    d.rbac.any_evidence = true;
    d.rbac.start = {d.from, true, 0, {{"User " + name, "ClusterRoleBinding " + name, "ClusterRole x", "change-clusterqueues", "removed"}}};
    d.rbac.end = {d.to, true, 1, {{"Group g", "ClusterRoleBinding b", "ClusterRole " + name, "change-cohorts", "added"}}};
    d.rbac.changes = {{"2026-01-01T10:00:00Z", name, "create", "ClusterRoleBinding \"" + name + "\"", "audit.log:3", false}};
    return d;
}

std::string visible(std::string html) {
    for (auto p = html.find("<wbr>"); p != std::string::npos; p = html.find("<wbr>", p)) html.erase(p, 5);
    return html;
}

}  // namespace

TEST_CASE("the RBAC section lists who could change queue policy at both ends and the changes", "[report]") {
    const ReportData d = with_rbac("alice");
    const std::string html = visible(render(d, ReportFormat::html));
    for (const char* s : {"6. RBAC: who could change queue policy (C7)", "At the start of the period (2026-01-01T00:00:00Z)",
                          "At the end of the period (2026-01-02T00:00:00Z)", "User alice", "change-cohorts", "added",
                          "removed", "1 RBAC object(s) were last written without a logged body", "(no body logged)",
                          "audit.log:3"})
        CHECK(html.find(s) != std::string::npos);
    const std::string md = render(d, ReportFormat::markdown);
    CHECK(md.find("## 6. RBAC: who could change queue policy (C7)") != std::string::npos);
    CHECK(md.find("| User alice | ClusterRoleBinding alice | ClusterRole x | change-clusterqueues | removed |") !=
          std::string::npos);
    auto j = nlohmann::json::parse(render(d, ReportFormat::json));
    CHECK(j["rbac"]["start"]["canChangeQueuePolicy"][0]["subject"] == "User alice");
    CHECK(j["rbac"]["end"]["staleObjects"] == 1);
    CHECK(j["rbac"]["changes"][0]["bodyLogged"] == false);

    SECTION("unknown instants and an empty store say so") {
        ReportData u = d;
        u.rbac.start = {d.from, false, 0, {}};
        u.rbac.end = {d.to, true, 0, {}};
        u.rbac.changes.clear();
        const std::string m = render(u, ReportFormat::markdown);
        CHECK(m.find("No RBAC evidence precedes this instant.") != std::string::npos);
        CHECK(m.find("Nobody: no binding grants a change to queue policy.") != std::string::npos);
        CHECK(m.find("None in the audit log.") != std::string::npos);
        u.rbac.any_evidence = false;
        CHECK(render(u, ReportFormat::markdown).find("The evidence store holds no RBAC objects") != std::string::npos);
    }
    SECTION("absent without a store") {
        ReportData n = d;
        n.rbac = {};
        CHECK(render(n, ReportFormat::markdown).find("RBAC: who could") == std::string::npos);
        CHECK(visible(render(n, ReportFormat::html)).find("RBAC: who could") == std::string::npos);
        CHECK(nlohmann::json::parse(render(n, ReportFormat::json))["rbac"].is_null());
    }
}

TEST_CASE("every name in the RBAC section is escaped for its format", "[report]") {
    for (const auto& p : kg::test::hostile_payloads()) {
        INFO(p.name);
        const ReportData d = with_rbac(p.text);
        const std::string html = render(d, ReportFormat::html);
        CHECK(html.find("<script") == std::string::npos);
        CHECK(html.find("<img") == std::string::npos);
        CHECK(html.find("<svg onload") == std::string::npos);
        const std::string md = render(d, ReportFormat::markdown);
        CHECK(md.find("<script") == std::string::npos);
        CHECK(md.find("](https://evil") == std::string::npos);
        auto j = nlohmann::json::parse(render(d, ReportFormat::json), nullptr, false);
        REQUIRE_FALSE(j.is_discarded());
    }
}
