// The evidence report over several clusters (issue 15): one section per cluster in HTML,
// Markdown and JSON, each cluster's name escaped by the format's one escape function, the
// header once; a layout that cannot render the sections is refused, never rendered empty.
#include "report/evidence_report.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>

using namespace kg::report;

namespace {

const std::string k_evil_cluster = "eu<script>|*x*&amp;";

ReportData section(const std::string& cluster, const std::string& queue) {
    ReportData d;
    d.cluster = cluster;
    d.scope = "1 ClusterQueues, cluster " + cluster;
    d.from = 1767225600;
    d.to = d.from + 86400;
    d.queues = {{queue, "", "{}", "-", "-", {{"a100", "nvidia.com/gpu", "8", "", ""}}, {}}};
    d.chain_head = std::string(64, cluster == "us" ? 'c' : 'd');
    d.chain_verified = true;
    d.chain_message = "cluster " + cluster + ": 1 batches";
    return d;
}

ReportData grouped() {
    ReportData d;
    d.scope = "2 clusters";
    d.from = 1767225600;
    d.to = d.from + 86400;
    d.generated_at = d.to;
    d.command = "kueuegov report --db e.db";
    d.not_covered = {"no --policy"};
    d.cluster_sections = {section(k_evil_cluster, "queue-eu"), section("us", "queue-us")};
    return d;
}

std::string render(const ReportData& d, ReportFormat f, const Templates& t = builtin_templates()) {
    std::ostringstream out;
    auto r = render_evidence_report(out, d, f, t);
    REQUIRE(r.has_value());
    return out.str();
}

std::string visible(std::string html) {
    for (auto p = html.find("<wbr>"); p != std::string::npos; p = html.find("<wbr>", p)) html.erase(p, 5);
    return html;
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("HTML: one article per cluster, in order, names escaped, header once", "[report][cluster]") {
    const std::string html = visible(render(grouped(), ReportFormat::html));
    CHECK(count(html, "<article class=\"cluster\">") == 2);
    CHECK(count(html, "1. Queue definitions at the end of the period") == 2);
    CHECK(count(html, "<th>Period (UTC)</th>") == 1);
    CHECK(html.find("<script") == std::string::npos);
    const auto eu = html.find("Cluster eu&lt;script&gt;|*x*&amp;amp;</h1>");
    const auto us = html.find("Cluster us</h1>");
    REQUIRE(eu != std::string::npos);
    REQUIRE(us != std::string::npos);
    CHECK(eu < html.find("queue-eu"));
    CHECK(html.find("queue-eu") < us);
    CHECK(us < html.find("queue-us"));
    CHECK(html.find("<strong class=\"ok\">verified</strong>") != std::string::npos);
}

TEST_CASE("Markdown: a heading per cluster, names escaped for Markdown", "[report][cluster]") {
    const std::string md = render(grouped(), ReportFormat::markdown);
    CHECK(md.find("\n# Cluster eu&lt;script&gt;\\|\\*x\\*&amp;amp;\n") != std::string::npos);
    CHECK(md.find("\n# Cluster us\n") != std::string::npos);
    CHECK(count(md, "## 5. Evidence integrity") == 2);
    CHECK(count(md, "| Period (UTC) |") == 1);
}

TEST_CASE("JSON: the header, then clusters with each one's body", "[report][cluster]") {
    const auto j = nlohmann::json::parse(render(grouped(), ReportFormat::json));
    CHECK(j["scope"] == "2 clusters");
    CHECK_FALSE(j.contains("clusterQueues"));
    REQUIRE(j["clusters"].size() == 2);
    CHECK(j["clusters"][0]["cluster"] == k_evil_cluster);
    CHECK(j["clusters"][0]["clusterQueues"][0]["name"] == "queue-eu");
    CHECK(j["clusters"][1]["cluster"] == "us");
    CHECK(j["clusters"][1]["hashChain"]["head"] == std::string(64, 'c'));
}

TEST_CASE("a report of one cluster has no cluster sections and renders as before", "[report][cluster]") {
    ReportData one = section("us", "queue-us");
    one.cluster.clear();
    const std::string html = visible(render(one, ReportFormat::html));
    CHECK(html.find("<article") == std::string::npos);
    CHECK(html.find("queue-us") != std::string::npos);
    CHECK_FALSE(nlohmann::json::parse(render(one, ReportFormat::json)).contains("clusters"));
}

TEST_CASE("a custom layout without cluster_sections is refused for several clusters", "[report][cluster]") {
    Templates t = builtin_templates();
    t.markdown = "# {{title}}\n{{#queues}}{{cluster_queue}}\n{{/queues}}";
    std::ostringstream out;
    auto r = render_evidence_report(out, grouped(), ReportFormat::markdown, t);
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().message.find("report.md.mustache layout does not render cluster_sections") != std::string::npos);
    CHECK(out.str().empty());
    // The same layout still serves a report of one cluster.
    CHECK(render(section("us", "queue-us"), ReportFormat::markdown, t) == "# Kueue governance evidence report\nqueue-us\n");
}
