#include "report/chargeback_export.h"
#include "report/escape.h"

#include "model/time.h"

#include <algorithm>
#include <cstdio>

namespace kg::report {

using audit::ChargebackGroup;
using audit::ChargebackResult;
using audit::ChargebackRow;

namespace {

std::string cost_str(const std::optional<__int128>& c) {
    return c ? audit::format_decimal(*c, 1000000, 6) : std::string();
}

bool has_cq(ChargebackGroup g) { return g == ChargebackGroup::cluster_queue || g == ChargebackGroup::local_queue; }
bool has_ns(ChargebackGroup g) { return g == ChargebackGroup::local_queue || g == ChargebackGroup::namespace_; }
bool has_lq(ChargebackGroup g) { return g == ChargebackGroup::local_queue; }
bool has_purpose(ChargebackGroup g) { return g == ChargebackGroup::purpose; }
/// A cluster column only when the rows come from several clusters (the CLI sets row.cluster
/// then), so a one-cluster export keeps its shape.
bool has_cluster(const ChargebackResult& r) {
    return std::any_of(r.rows.begin(), r.rows.end(), [](const ChargebackRow& row) { return !row.cluster.empty(); });
}
/// A cohort column only when a Cohort holds quota of its own, so other exports keep their shape.
bool has_cohort(const ChargebackResult& r) {
    return std::any_of(r.rows.begin(), r.rows.end(), [](const ChargebackRow& row) { return !row.cohort.empty(); });
}

struct Totals {
    std::string flavor, resource;
    audit::MilliSeconds used = 0, within = 0, borrowed = 0, lent = 0, idle = 0;
};

std::vector<Totals> totals_by_resource(const ChargebackResult& r) {
    std::vector<Totals> t;
    for (const auto& row : r.rows) {
        auto it = std::find_if(t.begin(), t.end(), [&](const Totals& x) { return x.resource == row.resource; });
        if (it == t.end()) {
            t.push_back(Totals{"", row.resource});
            it = t.end() - 1;
        }
        it->used += row.used;
        it->within += row.within_nominal;
        it->borrowed += row.borrowed;
        it->lent += row.lent;
        it->idle += row.idle_nominal;
    }
    std::sort(t.begin(), t.end(), [](const Totals& a, const Totals& b) { return a.resource < b.resource; });
    return t;
}

void render_json(std::ostream& out, const ChargebackResult& r) {
    using audit::format_unit_hours;
    out << "{\n  \"period\": {\"from\": " << escape_json_string(model::format_rfc3339(r.from))
        << ", \"to\": " << escape_json_string(model::format_rfc3339(r.to)) << "},\n";
    out << "  \"by\": " << escape_json_string(audit::chargeback_group_name(r.group)) << ",\n";
    out << "  \"basis\": \"reserved\",\n  \"method\": \"kueuegov.prorata-v1\",\n";
    out << "  \"currency\": " << (r.total_cost_micro ? escape_json_string(r.currency) : std::string("null")) << ",\n";
    out << "  \"rows\": [";
    bool first = true;
    const bool cluster_col = has_cluster(r);
    for (const auto& row : r.rows) {
        out << (first ? "\n" : ",\n") << "    {";
        first = false;
        if (cluster_col) out << "\"cluster\": " << escape_json_string(row.cluster) << ", ";
        if (has_cq(r.group)) out << "\"clusterQueue\": " << escape_json_string(row.cluster_queue) << ", ";
        if (!row.cohort.empty()) out << "\"cohort\": " << escape_json_string(row.cohort) << ", ";
        if (has_lq(r.group)) out << "\"localQueue\": " << escape_json_string(row.local_queue) << ", ";
        if (has_ns(r.group)) out << "\"namespace\": " << escape_json_string(row.namespace_) << ", ";
        if (has_purpose(r.group)) out << "\"purpose\": " << escape_json_string(row.purpose) << ", ";
        out << "\"flavor\": " << escape_json_string(row.flavor) << ", \"resource\": " << escape_json_string(row.resource)
            << ", \"unit\": " << escape_json_string(audit::chargeback_unit(row.resource))
            << ", \"used\": " << format_unit_hours(row.used, row.resource)
            << ", \"withinNominal\": " << format_unit_hours(row.within_nominal, row.resource)
            << ", \"borrowed\": " << format_unit_hours(row.borrowed, row.resource)
            << ", \"lent\": " << format_unit_hours(row.lent, row.resource)
            << ", \"idleNominal\": " << format_unit_hours(row.idle_nominal, row.resource)
            << ", \"cost\": " << (row.cost_micro ? cost_str(row.cost_micro) : std::string("null")) << "}";
    }
    out << (r.rows.empty() ? "],\n" : "\n  ],\n");
    out << "  \"totals\": {\n    \"cost\": "
        << (r.total_cost_micro ? cost_str(r.total_cost_micro) : std::string("null")) << ",\n    \"resources\": [";
    first = true;
    for (const auto& t : totals_by_resource(r)) {
        out << (first ? "\n" : ",\n") << "      {\"resource\": " << escape_json_string(t.resource)
            << ", \"unit\": " << escape_json_string(audit::chargeback_unit(t.resource))
            << ", \"used\": " << format_unit_hours(t.used, t.resource)
            << ", \"withinNominal\": " << format_unit_hours(t.within, t.resource)
            << ", \"borrowed\": " << format_unit_hours(t.borrowed, t.resource)
            << ", \"lent\": " << format_unit_hours(t.lent, t.resource)
            << ", \"idleNominal\": " << format_unit_hours(t.idle, t.resource) << "}";
        first = false;
    }
    out << (first ? "]" : "\n    ]") << "\n  },\n  \"unpriced\": [";
    for (std::size_t i = 0; i < r.unpriced.size(); ++i) out << (i ? ", " : "") << escape_json_string(r.unpriced[i]);
    out << "]\n}\n";
}

void render_csv(std::ostream& out, const ChargebackResult& r) {
    using audit::format_unit_hours;
    const bool cohort_col = has_cohort(r);
    const bool cluster_col = has_cluster(r);
    if (cluster_col) out << "cluster,";
    if (has_cq(r.group)) out << "cluster_queue,";
    if (cohort_col) out << "cohort,";
    if (has_ns(r.group)) out << "namespace,";
    if (has_lq(r.group)) out << "local_queue,";
    if (has_purpose(r.group)) out << "purpose,";
    out << "flavor,resource,unit,used,within_nominal,borrowed,lent,idle_nominal,cost,currency,period_start,period_end\n";
    const std::string from = model::format_rfc3339(r.from), to = model::format_rfc3339(r.to);
    for (const auto& row : r.rows) {
        if (cluster_col) out << escape_csv_field(row.cluster) << ',';
        if (has_cq(r.group)) out << escape_csv_field(row.cluster_queue) << ',';
        if (cohort_col) out << escape_csv_field(row.cohort) << ',';
        if (has_ns(r.group)) out << escape_csv_field(row.namespace_) << ',';
        if (has_lq(r.group)) out << escape_csv_field(row.local_queue) << ',';
        if (has_purpose(r.group)) out << escape_csv_field(row.purpose) << ',';
        out << escape_csv_field(row.flavor) << ',' << escape_csv_field(row.resource) << ','
            << escape_csv_field(audit::chargeback_unit(row.resource)) << ',' << format_unit_hours(row.used, row.resource)
            << ',' << format_unit_hours(row.within_nominal, row.resource) << ','
            << format_unit_hours(row.borrowed, row.resource) << ',' << format_unit_hours(row.lent, row.resource)
            << ',' << format_unit_hours(row.idle_nominal, row.resource) << ',' << cost_str(row.cost_micro) << ','
            << (row.cost_micro ? escape_csv_field(r.currency) : std::string()) << ',' << from << ',' << to << '\n';
    }
}

}  // namespace

void render_chargeback(std::ostream& out, const ChargebackResult& r, ChargebackFormat f) {
    switch (f) {
    case ChargebackFormat::csv: render_csv(out, r); break;
    case ChargebackFormat::json: render_json(out, r); break;
    case ChargebackFormat::focus: render_focus(out, {r}); break;
    }
}

}  // namespace kg::report
