// Renders ReportData through the mustache layouts (mstch: the only mstch user). Names from the
// data reach the layouts as plain strings and are escaped by the escape function installed for
// the output format ({{x}}); only the charts, built and escaped here, use {{{x}}}.
#include "report/evidence_report.h"
#include "report/html_text.h"
#include "report/escape.h"
#include "report/escape_json.h"
#include "report/evidence_rbac_render.h"
#include "report/purpose_section_render.h"

#include "model/loader.h"
#include "model/time.h"

#include <mstch/mstch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace kg::report {

const std::vector<std::pair<std::string, std::string>>& embedded_templates();  // templates_builtin.cpp

namespace {

/// Installs an escape function for the duration of one render (mstch keeps it in a global).
class EscapeScope {
public:
    explicit EscapeScope(std::function<std::string(const std::string&)> f) : m_saved(mstch::config::escape) {
        mstch::config::escape = std::move(f);
    }
    ~EscapeScope() { mstch::config::escape = m_saved; }
    EscapeScope(const EscapeScope&) = delete;
    EscapeScope& operator=(const EscapeScope&) = delete;

private:
    std::function<std::string(const std::string&)> m_saved;
};

std::string duration(std::optional<std::int64_t> s) { return wait_text(s); }

std::string join(const std::vector<std::string>& v, std::string_view sep) {
    std::string o;
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (i) o += sep;
        o += v[i];
    }
    return o;
}

std::string or_dash(const std::string& s) { return s.empty() ? "-" : s; }

mstch::map findings_ctx(const std::vector<ReportFinding>& fs) {
    mstch::array a;
    for (const auto& f : fs)
        a.push_back(mstch::map{{"severity", f.severity}, {"rule", f.rule}, {"object", f.object},
                               {"message", f.message}, {"location", f.location}});
    return mstch::map{{"has_findings", !fs.empty()}, {"findings", a}, {"count", static_cast<int>(fs.size())}};
}

std::string chain_status(const ReportData& d) {
    if (!d.chain_verified) return "not checked";
    return *d.chain_verified ? "verified" : "FAILED";
}

mstch::map context(const ReportData& d, bool with_charts) {
    mstch::array not_covered(d.not_covered.begin(), d.not_covered.end());
    mstch::array cohorts;
    for (const auto& c : d.cohorts)
        cohorts.push_back(mstch::map{{"name", c.name}, {"parent", c.parent}, {"members", join(c.members, ", ")}});
    mstch::array queues;
    for (const auto& q : d.queues) {
        mstch::array quotas;
        for (const auto& r : q.quotas)
            quotas.push_back(mstch::map{{"flavor", r.flavor}, {"resource", r.resource}, {"nominal", r.nominal},
                                        {"borrowing_limit", or_dash(r.borrowing_limit)},
                                        {"lending_limit", or_dash(r.lending_limit)}});
        queues.push_back(mstch::map{{"cluster_queue", q.cluster_queue}, {"cohort", or_dash(q.cohort)},
                                    {"namespace_selector", or_dash(q.namespace_selector)},
                                    {"preemption", or_dash(q.preemption)}, {"fair_sharing", or_dash(q.fair_sharing)},
                                    {"local_queues", or_dash(join(q.local_queues, ", "))}, {"quotas", quotas}});
    }
    mstch::array flavors;
    for (const auto& f : d.flavors) flavors.push_back(mstch::map{{"name", f.name}, {"node_labels", or_dash(f.node_labels)}});
    mstch::array changes;
    for (const auto& c : d.changes)
        changes.push_back(mstch::map{{"time", model::format_rfc3339(c.time)}, {"actor", c.actor}, {"verb", c.verb},
                                     {"object", c.object}, {"summary", c.summary}});
    mstch::array stats;
    for (const auto& s : d.queue_stats) {
        mstch::array pre;
        for (const auto& p : s.preemptions)
            pre.push_back(mstch::map{{"reason", p.reason}, {"preemptor", p.preemptor}, {"count", std::to_string(p.count)}});
        const std::string label = s.usage_flavor + "/" + s.usage_resource;
        mstch::map m{{"cluster_queue", s.cluster_queue},
                     {"admissions", std::to_string(s.admissions)},
                     {"p50", duration(percentile(s.waits_seconds, 50))},
                     {"p90", duration(percentile(s.waits_seconds, 90))},
                     {"p99", duration(percentile(s.waits_seconds, 99))},
                     {"bypass_attempts", std::to_string(s.bypass_attempts)},
                     {"usage_label", label},
                     {"has_preemptions", !pre.empty()},
                     {"preemptions", pre}};
        if (with_charts) {
            m.emplace("wait_chart", svg_wait_chart(s.waits_seconds));
            m.emplace("usage_chart", svg_usage_chart(s.usage, d.from, d.to, label));
        }
        stats.push_back(std::move(m));
    }
    mstch::array bypass;
    for (const auto& b : d.unattributed_bypass)
        bypass.push_back(mstch::map{{"job", b.job}, {"namespace", b.namespace_}, {"serving", b.serving}});
    mstch::array sources;
    for (const auto& s : d.sources)
        sources.push_back(mstch::map{{"name", s.name}, {"kind", s.kind}, {"sha256", s.sha256},
                                     {"records", std::to_string(s.records)}});
    mstch::array sections;
    for (const ReportData& c : d.cluster_sections) {
        mstch::map m = context(c, with_charts);
        m["cluster"] = c.cluster;
        sections.push_back(std::move(m));
    }
    return mstch::map{
        {"cluster_sections", sections},
        {"title", d.title},
        {"title_text", escape_html_text(d.title)},  // <title> is raw text: escaped, no <wbr>
        {"scope", or_dash(d.scope)},
        {"from", model::format_rfc3339(d.from)},
        {"to", model::format_rfc3339(d.to)},
        {"generated_at", model::format_rfc3339(d.generated_at)},
        {"tool_version", d.tool_version},
        {"command", d.command},
        {"has_not_covered", !d.not_covered.empty()},
        {"not_covered", not_covered},
        {"has_cohorts", !cohorts.empty()},
        {"cohorts", cohorts},
        {"queues", queues},
        {"flavors", flavors},
        {"has_changes", !changes.empty()},
        {"changes", changes},
        {"lint", findings_ctx(d.lint_findings)},
        {"history", findings_ctx(d.history_findings)},
        {"queue_stats", stats},
        {"has_purposes", d.purposes.has_value()},
        {"purposes", purpose_context(d)},
        {"has_unattributed_bypass", !bypass.empty()},
        {"unattributed_bypass", bypass},
        {"sources", sources},
        {"chain_head", or_dash(d.chain_head)},
        {"chain_status", chain_status(d)},
        // std::string: a bare "ok" would reach mstch as a const char*, which it takes for a bool.
        {"chain_class", std::string(d.chain_verified ? (*d.chain_verified ? "ok" : "bad") : "")},
        {"chain_message", d.chain_message},
        {"rbac", rbac_context(d.rbac)},
    };
}

/// What the report says about one cluster (or the inputs of a report without a store).
void body_json(nlohmann::json& j, const ReportData& d) {
    using nlohmann::json;
    auto findings = [](const std::vector<ReportFinding>& fs) {
        json a = json::array();
        for (const auto& f : fs)
            a.push_back({{"severity", f.severity}, {"rule", f.rule}, {"object", f.object}, {"message", f.message},
                         {"location", f.location}});
        return a;
    };
    j["cohorts"] = json::array();
    for (const auto& c : d.cohorts) j["cohorts"].push_back({{"name", c.name}, {"parent", c.parent}, {"members", c.members}});
    j["clusterQueues"] = json::array();
    for (const auto& q : d.queues) {
        json quotas = json::array();
        for (const auto& r : q.quotas)
            quotas.push_back({{"flavor", r.flavor}, {"resource", r.resource}, {"nominalQuota", r.nominal},
                              {"borrowingLimit", r.borrowing_limit}, {"lendingLimit", r.lending_limit}});
        j["clusterQueues"].push_back({{"name", q.cluster_queue}, {"cohort", q.cohort},
                                      {"namespaceSelector", q.namespace_selector}, {"preemption", q.preemption},
                                      {"fairSharing", q.fair_sharing}, {"localQueues", q.local_queues},
                                      {"quotas", quotas}});
    }
    j["resourceFlavors"] = json::array();
    for (const auto& f : d.flavors) j["resourceFlavors"].push_back({{"name", f.name}, {"nodeLabels", f.node_labels}});
    j["changes"] = json::array();
    for (const auto& c : d.changes)
        j["changes"].push_back({{"time", model::format_rfc3339(c.time)}, {"actor", c.actor}, {"verb", c.verb},
                                {"object", c.object}, {"summary", c.summary}});
    j["lintFindings"] = findings(d.lint_findings);
    j["historyFindings"] = findings(d.history_findings);
    j["queues"] = json::array();
    for (const auto& s : d.queue_stats) {
        json pre = json::array();
        for (const auto& p : s.preemptions) pre.push_back({{"reason", p.reason}, {"preemptor", p.preemptor}, {"count", p.count}});
        json wait = {{"p50", nullptr}, {"p90", nullptr}, {"p99", nullptr}};
        for (int p : {50, 90, 99})
            if (auto v = percentile(s.waits_seconds, p)) wait["p" + std::to_string(p)] = *v;
        json usage = json::array();
        for (const auto& u : s.usage) {
            json point = {{"time", model::format_rfc3339(u.time)}, {"usedMilli", u.used_milli},
                          {"nominalMilli", u.nominal_milli}, {"borrowingLimitMilli", nullptr}};
            if (u.borrowing_limit_milli) point["borrowingLimitMilli"] = *u.borrowing_limit_milli;
            usage.push_back(point);
        }
        j["queues"].push_back({{"clusterQueue", s.cluster_queue}, {"admissions", s.admissions},
                               {"waitSeconds", wait}, {"usageFlavor", s.usage_flavor},
                               {"usageResource", s.usage_resource}, {"usage", usage}, {"preemptions", pre},
                               {"bypassAttempts", s.bypass_attempts}});
    }
    if (d.purposes) j["purposes"] = purposes_json(d);
    j["unattributedBypass"] = json::array();
    for (const auto& b : d.unattributed_bypass)
        j["unattributedBypass"].push_back({{"job", b.job}, {"namespace", b.namespace_}, {"servedBy", b.serving}});
    j["sources"] = json::array();
    for (const auto& s : d.sources)
        j["sources"].push_back({{"name", s.name}, {"kind", s.kind}, {"sha256", s.sha256}, {"records", s.records}});
    j["hashChain"] = {{"head", d.chain_head}, {"verified", nullptr}, {"message", d.chain_message}};
    if (d.chain_verified) j["hashChain"]["verified"] = *d.chain_verified;
    j["rbac"] = rbac_json(d.rbac);
}

/// One report: its header, then its body, or with cluster sections "clusters", one object
/// per cluster (its name, scope and body) in place of the body.
void render_json(std::ostream& out, const ReportData& d) {
    using nlohmann::json;
    json j;
    j["schemaVersion"] = "kueuegov.io/report/v1alpha1";
    j["title"] = d.title;
    j["scope"] = d.scope;
    j["period"] = {{"from", model::format_rfc3339(d.from)}, {"to", model::format_rfc3339(d.to)}};
    j["generatedAt"] = model::format_rfc3339(d.generated_at);
    j["toolVersion"] = d.tool_version;
    j["command"] = d.command;
    j["notCovered"] = d.not_covered;
    if (d.cluster_sections.empty()) {
        body_json(j, d);
    } else {
        j["clusters"] = json::array();
        for (const ReportData& c : d.cluster_sections) {
            json section;
            section["cluster"] = c.cluster;
            section["scope"] = c.scope;
            body_json(section, c);
            j["clusters"].push_back(std::move(section));
        }
    }
    out << json_text(j, 2) << '\n';
}


}  // namespace

std::optional<std::int64_t> percentile(std::vector<std::int64_t> values, int p) {
    if (values.empty()) return std::nullopt;
    p = std::clamp(p, 1, 100);
    // Nearest rank: the smallest value with at least p% of the values at or below it.
    const std::size_t n = values.size();
    std::size_t rank = (static_cast<std::size_t>(p) * n + 99) / 100;
    if (rank == 0) rank = 1;
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(rank - 1), values.end());
    return values[rank - 1];
}

Templates builtin_templates() {
    Templates t;
    for (const auto& [name, text] : embedded_templates()) {
        if (name == "report.html.mustache")
            t.html = text;
        else if (name == "report.md.mustache")
            t.markdown = text;
        else
            t.partials.emplace_back(name.substr(0, name.size() - std::string_view(".mustache").size()), text);
    }
    return t;
}

model::Result<Templates> load_templates(const std::string& dir, const model::LoadOptions& opt) {
    namespace fs = std::filesystem;
    Templates t = builtin_templates();
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return model::Error{"template directory " + dir + " cannot be read"};
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        const std::string name = e.path().filename().string();
        if (!name.ends_with(".mustache")) continue;
        // A template that is a directory, a device or a dangling link is refused, never skipped:
        // the report would silently fall back to the built-in one.
        std::error_code fec;
        if (!fs::is_regular_file(e.path(), fec))
            return model::Error{"template " + e.path().string() + " is not a regular file"};
        // Bounded like every input: a template is read within the run's byte limits.
        auto text = model::read_limited(e.path().string(), opt);
        if (!text) return model::Error{"cannot read template " + e.path().string() + ": " + text.error().message};
        if (name == "report.html.mustache") {
            t.html = std::move(*text);
        } else if (name == "report.md.mustache") {
            t.markdown = std::move(*text);
        } else {
            const std::string key = name.substr(0, name.size() - std::string_view(".mustache").size());
            auto it = std::find_if(t.partials.begin(), t.partials.end(), [&](const auto& p) { return p.first == key; });
            if (it != t.partials.end())
                it->second = std::move(*text);
            else
                t.partials.emplace_back(key, std::move(*text));
        }
    }
    if (ec) return model::Error{"template directory " + dir + " cannot be read: " + ec.message()};
    return t;
}

model::Result<void> render_evidence_report(std::ostream& out, const ReportData& data, ReportFormat f,
                                          const Templates& t) {
    if (f == ReportFormat::json) {
        render_json(out, data);
        return {};
    }
    std::map<std::string, std::string> partials(t.partials.begin(), t.partials.end());
    if (!data.cluster_sections.empty()) {
        // A layout from --templates written before cluster sections would render an empty
        // report for a store of several clusters: refuse it instead.
        const bool html = f == ReportFormat::html;
        const std::string& layout = html ? t.html : t.markdown;
        if (layout.find("cluster_sections") == std::string::npos)
            return model::Error{std::string("the ") + (html ? "report.html.mustache" : "report.md.mustache") +
                                " layout does not render cluster_sections, which a report over several clusters "
                                "needs; add them (see the built-in layout) or give --cluster NAME"};
    }
    try {
        if (f == ReportFormat::html) {
            // Element text only in the layouts: break opportunities keep long identifiers from
            // forcing the browser to split words (report/html_text.h).
            EscapeScope esc([](const std::string& s) { return html_text(s); });
            out << mstch::render(t.html, context(data, true), partials);
        } else {
            EscapeScope esc([](const std::string& s) { return escape_markdown(s); });
            out << mstch::render(t.markdown, context(data, false), partials);
        }
    } catch (const std::exception& e) {
        return model::Error{std::string("report template failed to render: ") + e.what()};
    }
    return {};
}

std::string wait_text(std::optional<std::int64_t> s) {
    if (!s) return "n/a";
    std::int64_t v = *s;
    if (v < 60) return std::to_string(v) + "s";
    if (v < 3600) return std::to_string(v / 60) + "m" + (v % 60 ? " " + std::to_string(v % 60) + "s" : "");
    if (v < 86400) return std::to_string(v / 3600) + "h" + (v % 3600 / 60 ? " " + std::to_string(v % 3600 / 60) + "m" : "");
    return std::to_string(v / 86400) + "d" + (v % 86400 / 3600 ? " " + std::to_string(v % 86400 / 3600) + "h" : "");
}

}  // namespace kg::report
