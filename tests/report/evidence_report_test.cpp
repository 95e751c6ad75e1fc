// The evidence report: escaping of every name from the data, the built-in and overriding
// layouts, the JSON shape, percentiles, charts, and a headless Chromium render of the HTML.
#include "report/evidence_report.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

using namespace kg::report;

namespace {

const std::string k_evil = "<script>alert(1)</script>";

ReportData sample(const std::string& name = "team-a") {
    ReportData d;
    d.scope = "cluster prod-1";
    d.from = 1767225600;  // 2026-01-01
    d.to = d.from + 86400;
    d.generated_at = d.to + 60;
    d.tool_version = "0.1.0";
    d.command = "kueuegov report --db evidence.db --format html";
    d.not_covered = {"provider policy logs kueue.x-k8s.io at Metadata: diffs from snapshots"};
    d.cohorts = {{"research", "", {name, "team-b"}}};
    d.queues = {{name, "research", "team=a", "withinClusterQueue: LowerPriority", "weight 1",
                 {{"a100", "nvidia.com/gpu", "8", "4", ""}}, {"ml/" + name}}};
    d.flavors = {{"a100", "gpu=a100"}};
    d.changes = {{d.from + 3600, "alice@example.com", "patch", "ClusterQueue/" + name, "nominalQuota 4 -> 8"}};
    d.lint_findings = {{"warning", "KQ3101", "ClusterQueue/" + name, "cohort spans trust domains | x", "q.yaml:3:5"}};
    ReportQueueStats s;
    s.cluster_queue = name;
    s.admissions = 5;
    s.waits_seconds = {10, 20, 30, 400, 7200};
    s.usage_flavor = "a100";
    s.usage_resource = "nvidia.com/gpu";
    s.usage = {{d.from, 2000, 4000, 2000}, {d.from + 3600, 10000, 8000, 4000}, {d.from + 7200, 0, 8000, std::nullopt}};
    s.preemptions = {{"InClusterQueue", "ml/" + name + "-big", 2}};
    s.bypass_attempts = 1;
    d.queue_stats = {s};
    d.sources = {{"audit.log", "audit", std::string(64, 'a'), 1200}};
    d.chain_head = std::string(64, 'b');
    d.chain_verified = true;
    return d;
}

std::string render(const ReportData& d, ReportFormat f, const Templates& t = builtin_templates()) {
    std::ostringstream out;
    auto r = render_evidence_report(out, d, f, t);
    REQUIRE(r.has_value());
    return out.str();
}

/// The text a reader sees: the HTML without the <wbr> break points of long identifiers.
std::string visible(std::string html) {
    for (auto p = html.find("<wbr>"); p != std::string::npos; p = html.find("<wbr>", p)) html.erase(p, 5);
    return html;
}

}  // namespace

TEST_CASE("nearest-rank percentiles", "[report]") {
    CHECK_FALSE(percentile({}, 50));
    CHECK(*percentile({7}, 99) == 7);
    CHECK(*percentile({1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 50) == 5);
    CHECK(*percentile({1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 90) == 9);
    CHECK(*percentile({10, 9, 8, 7, 6, 5, 4, 3, 2, 1}, 99) == 10);
}

TEST_CASE("the HTML report is self-contained and shows every section", "[report]") {
    const std::string html = visible(render(sample(), ReportFormat::html));
    CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
    for (const char* s : {"Queue definitions", "Cohort tree", "Changes during the period", "Lint findings",
                          "History check findings", "Operational effects", "Evidence integrity", "alice@example.com",
                          "nominalQuota 4 -&gt; 8", "KQ3101", "InClusterQueue", "verified", "<svg", "@media print"})
        CHECK(html.find(s) != std::string::npos);
    CHECK(html.find("30s / 2h / 2h") != std::string::npos);  // p50 / p90 / p99 of the five waits
    // The changes table keeps its time and verb on one line, however narrow the page (A4 print).
    CHECK(html.find("<td class=\"t\">patch</td>") != std::string::npos);
    CHECK(html.find("td.t { white-space: nowrap;") != std::string::npos);
    CHECK(html.find("<script") == std::string::npos);
    CHECK(html.find("http://") == html.find("http://www.w3.org/2000/svg"));  // only SVG namespaces
    CHECK(html.find("https://") == std::string::npos);
    CHECK(html.find("src=") == std::string::npos);
}

TEST_CASE("names from the data are escaped in HTML, Markdown and JSON", "[report]") {
    const ReportData d = sample(k_evil);
    const std::string html = visible(render(d, ReportFormat::html));
    CHECK(html.find("<script") == std::string::npos);
    CHECK(html.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
    const std::string md = render(d, ReportFormat::markdown);
    CHECK(md.find("<script") == std::string::npos);
    CHECK(md.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
    CHECK(md.find("cohort spans trust domains \\| x") != std::string::npos);
    const std::string js = render(d, ReportFormat::json);
    auto j = nlohmann::json::parse(js);
    CHECK(j["clusterQueues"][0]["name"] == k_evil);
    CHECK(j["queues"][0]["waitSeconds"]["p90"] == 7200);
    CHECK(j["hashChain"]["verified"] == true);
    const std::string chart = svg_usage_chart(d.queue_stats[0].usage, d.from, d.to, k_evil);
    CHECK(chart.find("<script") == std::string::npos);
}

TEST_CASE("a layout directory overrides the built-in templates", "[report]") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("kg-report-tmpl-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "report.md.mustache") << "# {{title}} for {{scope}}\n{{#lint}}{{> findings_md}}{{/lint}}";
    std::ofstream(dir / "findings_md.mustache") << "{{#findings}}* {{rule}}\n{{/findings}}";
    auto t = load_templates(dir.string());
    REQUIRE(t.has_value());
    CHECK(render(sample(), ReportFormat::markdown, *t) == "# Kueue governance evidence report for cluster prod-1\n* KQ3101\n");
    CHECK(render(sample(), ReportFormat::html, *t).find("Evidence integrity") != std::string::npos);  // built-in html
    // A template that is not a regular file is refused, not skipped (the built-in one would be used).
    fs::create_symlink(dir / "gone", dir / "report.html.mustache");
    auto dangling = load_templates(dir.string());
    REQUIRE_FALSE(dangling.has_value());
    CHECK(dangling.error().message == "template " + (dir / "report.html.mustache").string() + " is not a regular file");
    fs::remove_all(dir);
    auto missing = load_templates((dir / "nope").string());
    REQUIRE_FALSE(missing.has_value());
    CHECK(missing.error().message == "template directory " + (dir / "nope").string() + " cannot be read");
}

TEST_CASE("charts handle empty data", "[report]") {
    CHECK(svg_wait_chart({}).find("No admissions") != std::string::npos);
    CHECK(svg_usage_chart({}, 0, 10, "x").find("No usage") != std::string::npos);
    const std::string w = svg_wait_chart({5, 70, 70, 100000});
    CHECK(w.find(">2</text>") != std::string::npos);  // two waits in 1-5m
}

TEST_CASE("the HTML report renders in headless Chromium without console errors", "[report][chromium]") {
    namespace fs = std::filesystem;
    const fs::path file = fs::temp_directory_path() / ("kg-report-" + std::to_string(::getpid()) + ".html");
    std::ofstream(file) << render(sample(k_evil), ReportFormat::html);
    const std::string cmd = std::string(KG_SOURCE_DIR) + "/scripts/check-html-render " + file.string();
    const int rc = std::system(cmd.c_str());
    fs::remove(file);
    INFO("scripts/check-html-render exit status " << rc << " (2 = chromium missing: run scripts/setup --deps)");
    CHECK(rc == 0);
}

TEST_CASE("the usage chart prints amounts as people write them and keeps its texts apart", "[report]") {
    const std::int64_t t0 = 1767225600;
    const std::vector<ReportUsagePoint> cpu{{t0, 22000, 16000, 6000}};
    const std::string c = svg_usage_chart(cpu, t0, t0 + 3600, "default/cpu");
    CHECK(c.find("(max 22)") != std::string::npos);  // not "22.000"
    CHECK(svg_usage_chart({{t0, 1500, 1000, std::nullopt}}, t0, t0 + 60, "default/cpu").find("(max 1.5)") !=
          std::string::npos);
    const std::int64_t gib = std::int64_t{1} << 30;
    CHECK(svg_usage_chart({{t0, 1536 * gib * 1000, 0, std::nullopt}}, t0, t0 + 60, "h100/memory").find("(max 1536Gi)") !=
          std::string::npos);
    // The legend has a line of its own below the period's ends (it used to sit on them).
    CHECK(c.find("y=\"205.0\"") != std::string::npos);
    CHECK(c.find("y=\"234.0\" font-size=\"11\" fill=\"#57606a\">used (area)") != std::string::npos);
}
