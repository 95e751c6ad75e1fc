// Markdown, text and JSON views of a queue change. Every value from the manifests goes through
// its format's escaper (report/escape.h).
#include "report/diff_render.h"
#include "report/diff_state_render.h"
#include "report/escape.h"
#include "report/escape_json.h"

#include <nlohmann/json.hpp>

#include <tuple>

namespace kg::report {

using lint::ChangeKind;
using lint::ClusterDiff;
using lint::QuotaDelta;

namespace {

std::string markdown_cell(const std::string& s) { return s.empty() ? "*(unset)*" : escape_markdown(s); }

std::string q(const std::optional<model::Quantity>& v, const char* absent) { return v ? v->to_string() : absent; }

std::string signed_qty(const model::Quantity& d) { return (d.sign() > 0 ? "+" : "") + d.to_string(); }

std::string change_cell(const std::optional<model::Quantity>& before, const std::optional<model::Quantity>& after,
                        const char* absent) {
    std::string b = q(before, absent), a = q(after, absent);
    return b == a ? a : b + " → " + a;
}

const char* change_name(ChangeKind c) {
    switch (c) {
        case ChangeKind::added: return "added";
        case ChangeKind::removed: return "removed";
        case ChangeKind::changed: break;
    }
    return "changed";
}

std::string object_ref(const lint::ObjectDelta& o) {
    return o.kind + " " + (o.namespace_.empty() ? "" : o.namespace_ + "/") + o.name;
}

std::string amount_cell(const std::string& resource, const std::optional<model::Amount>& v) {
    return v ? model::format_amount(resource, *v) : "—";
}

std::string amount_change(const std::string& resource, const std::optional<model::Amount>& before,
                          const std::optional<model::Amount>& after) {
    std::string b = amount_cell(resource, before), a = amount_cell(resource, after);
    return b == a ? a : b + " → " + a;
}

int amount_sign(const model::Amount& a) { return a < model::Amount::of(0) ? -1 : a == model::Amount::of(0) ? 0 : 1; }

// What a team can count on (nominal minus what may be lent away), then what it can reach.
void capacity_lines(std::ostream& out, const std::vector<QuotaDelta>& rows, bool markdown) {
    auto emit = [&](const std::string& line) {
        out << (markdown ? "- " + escape_markdown(line) : "  " + escape_terminal(line)) << "\n";
    };
    bool any = false;
    for (int sign : {1, -1}) {
        for (const QuotaDelta& d : rows) {
            if (amount_sign(d.guaranteed_delta) != sign) {
                continue;
            }
            any = true;
            model::Amount magnitude = sign > 0 ? d.guaranteed_delta : model::Amount::of(0).sub(d.guaranteed_delta);
            emit((sign > 0 ? "gains " : "loses ") + d.owner + ": " + (sign > 0 ? "+" : "-") +
                 model::format_amount(d.resource, magnitude) + " " + d.resource + " in " + d.flavor + " (" +
                 amount_change(d.resource, d.guaranteed_before, d.guaranteed_after) + ")");
        }
    }
    if (!any) {
        emit("no change in guaranteed quota");
    }
    for (const QuotaDelta& d : rows) {
        if (d.ceiling_before != d.ceiling_after) {
            emit("ceiling of " + d.owner + ": " + d.resource + " in " + d.flavor + " " +
                 amount_change(d.resource, d.ceiling_before, d.ceiling_after));
        }
    }
}

std::string where(const model::Finding& f, const model::SourceFiles* files) {
    std::string file = files ? files->name(f.pos.file_id) : "";
    return file + (f.pos.known() ? ":" + std::to_string(f.pos.line) : "");
}

const char* severity_word(model::Severity s) { return model::severity_name(s); }

void findings_markdown(std::ostream& out, const ClusterDiff& d) {
    if (d.findings_introduced.empty() && d.findings_fixed.empty()) {
        return;
    }
    out << "### Lint findings\n\n";
    for (const auto& [title, list, files] :
         {std::tuple{"Introduced", &d.findings_introduced, d.head_files},
          std::tuple{"Fixed", &d.findings_fixed, d.base_files}}) {
        if (list->empty()) {
            continue;
        }
        out << "**" << title << " (" << list->size() << ")**\n\n| Rule | Severity | Object | Where | Message |\n"
            << "|---|---|---|---|---|\n";
        for (const model::Finding& f : *list) {
            out << "| " << escape_markdown(f.rule) << " " << escape_markdown(f.name) << " | " << severity_word(f.severity) << " | "
                << escape_markdown(f.object.kind + " " + (f.object.namespace_.empty() ? "" : f.object.namespace_ + "/") +
                      f.object.name)
                << " | " << escape_markdown_code(where(f, files)) << " | " << escape_markdown(f.message) << " |\n";
        }
        out << "\n";
    }
}

void render_markdown(std::ostream& out, const ClusterDiff& d, const DiffLabels& l) {
    out << "## kueuegov diff: " << escape_markdown_code(l.base) << " → " << escape_markdown_code(l.head) << "\n\n";
    if (d.empty()) {
        out << "No queue objects or quotas changed.\n";
        return;
    }
    if (!d.cluster_queue_quota.empty()) {
        out << "### Quota by ClusterQueue\n\n| ClusterQueue | Flavor | Resource | Nominal | Δ nominal | Borrowing limit | "
               "Lending limit | Guaranteed | Ceiling |\n|---|---|---|---|---|---|---|---|---|\n";
        for (const QuotaDelta& r : d.cluster_queue_quota) {
            out << "| " << escape_markdown(r.owner) << " | " << escape_markdown(r.flavor) << " | " << escape_markdown(r.resource) << " | "
                << change_cell(r.nominal_before, r.nominal_after, "—") << " | " << signed_qty(r.nominal_delta) << " | "
                << change_cell(r.borrowing_before, r.borrowing_after, "none") << " | "
                << change_cell(r.lending_before, r.lending_after, "none") << " | "
                << escape_markdown(amount_change(r.resource, r.guaranteed_before, r.guaranteed_after)) << " | "
                << escape_markdown(amount_change(r.resource, r.ceiling_before, r.ceiling_after)) << " |\n";
        }
        out << "\n**Guaranteed capacity** (nominal quota minus what can be lent away) **and ceiling**\n\n";
        capacity_lines(out, d.cluster_queue_quota, true);
        out << "\n";
    }
    if (!d.cohort_quota.empty()) {
        out << "### Capacity by cohort (members' nominal plus the cohort's own)\n\n| Cohort | Flavor | Resource | "
               "Nominal | Δ | Borrowing limit | Lending limit |\n|---|---|---|---|---|---|---|\n";
        for (const QuotaDelta& r : d.cohort_quota) {
            out << "| " << escape_markdown(r.owner) << " | " << escape_markdown(r.flavor) << " | " << escape_markdown(r.resource) << " | "
                << change_cell(r.nominal_before, r.nominal_after, "—") << " | " << signed_qty(r.nominal_delta) << " | "
                << change_cell(r.borrowing_before, r.borrowing_after, "none") << " | "
                << change_cell(r.lending_before, r.lending_after, "none") << " |\n";
        }
        out << "\n";
    }
    if (!d.immutable.empty()) {
        out << "### Rejected on apply\n\nThese fields cannot change in place; the API server rejects the update. "
               "Delete and re-create the object (its workloads are affected), or keep the old value.\n\n"
               "| Object | Field | Before | After | API server |\n|---|---|---|---|---|\n";
        for (const lint::ImmutableChange& c : d.immutable) {
            out << "| " << escape_markdown(c.kind + " " + (c.namespace_.empty() ? "" : c.namespace_ + "/") + c.name) << " | "
                << escape_markdown_code(c.path) << " | " << markdown_cell(c.before) << " | " << markdown_cell(c.after) << " | " << escape_markdown(c.rule) << " |\n";
        }
        out << "\n";
    }
    findings_markdown(out, d);
    if (!d.objects.empty()) {
        out << "### Objects\n\n";
        for (const lint::ObjectDelta& o : d.objects) {
            out << "<details><summary>" << escape_markdown(object_ref(o)) << ": " << change_name(o.change) << " ("
                << o.fields.size() << (o.fields.size() == 1 ? " field" : " fields") << ")</summary>\n\n"
                << "| Field | Before | After |\n|---|---|---|\n";
            for (const lint::FieldDelta& f : o.fields) {
                out << "| " << escape_markdown_code(f.path) << " | " << markdown_cell(f.before) << " | " << markdown_cell(f.after) << " |\n";
            }
            out << "\n</details>\n\n";
        }
    }
}

void render_text(std::ostream& out, const ClusterDiff& d, const DiffLabels& l) {
    out << "diff " << escape_terminal(l.base) << " -> " << escape_terminal(l.head) << "\n";
    if (d.empty()) {
        out << "no queue objects or quotas changed\n";
        return;
    }
    for (const lint::ObjectDelta& o : d.objects) {
        out << "\n" << escape_terminal(object_ref(o)) << ": " << change_name(o.change) << "\n";
        for (const lint::FieldDelta& f : o.fields) {
            out << "  " << escape_terminal(f.path) << ": " << (f.before.empty() ? "<unset>" : escape_terminal(f.before)) << " -> "
                << (f.after.empty() ? "<unset>" : escape_terminal(f.after)) << "\n";
        }
    }
    if (!d.immutable.empty()) {
        out << "\nrejected on apply (immutable fields; delete and re-create instead):\n";
        for (const lint::ImmutableChange& c : d.immutable) {
            out << "  " << escape_terminal(c.kind + " " + (c.namespace_.empty() ? "" : c.namespace_ + "/") + c.name + " " + c.path)
                << ": " << (c.before.empty() ? "<unset>" : escape_terminal(c.before)) << " -> " << (c.after.empty() ? "<unset>" : escape_terminal(c.after))
                << ": " << escape_terminal(c.rule) << "\n";
        }
    }
    for (const auto& [title, list, files] :
         {std::tuple{"lint findings introduced", &d.findings_introduced, d.head_files},
          std::tuple{"lint findings fixed", &d.findings_fixed, d.base_files}}) {
        if (!list->empty()) {
            out << "\n" << title << ":\n";
            for (const model::Finding& f : *list) {
                out << "  " << escape_terminal(where(f, files)) << ": " << severity_word(f.severity) << ": [" << f.rule << "] " << escape_terminal(f.message)
                    << "\n";
            }
        }
    }
    if (!d.cluster_queue_quota.empty()) {
        out << "\nguaranteed capacity (nominal minus what can be lent away) and ceiling:\n";
        capacity_lines(out, d.cluster_queue_quota, false);
    }
    if (!d.cohort_quota.empty()) {
        out << "\ncohort capacity:\n";
        for (const QuotaDelta& r : d.cohort_quota) {
            out << "  " << escape_terminal(r.owner) << " " << escape_terminal(r.resource) << " in " << escape_terminal(r.flavor) << ": "
                << change_cell(r.nominal_before, r.nominal_after, "0") << " (" << signed_qty(r.nominal_delta) << ")";
            if (r.borrowing_before != r.borrowing_after) {
                out << ", borrowing limit " << change_cell(r.borrowing_before, r.borrowing_after, "none");
            }
            if (r.lending_before != r.lending_after) {
                out << ", lending limit " << change_cell(r.lending_before, r.lending_after, "none");
            }
            out << "\n";
        }
    }
}

nlohmann::ordered_json quota_json(const QuotaDelta& r, const char* owner_key) {
    auto opt = [](const std::optional<model::Quantity>& v) {
        return v ? nlohmann::ordered_json(v->to_string()) : nlohmann::ordered_json(nullptr);
    };
    auto amt = [&](const std::optional<model::Amount>& v) {
        return v ? nlohmann::ordered_json(model::format_amount(r.resource, *v)) : nlohmann::ordered_json(nullptr);
    };
    nlohmann::ordered_json j{{owner_key, r.owner},
            {"flavor", r.flavor},
            {"resource", r.resource},
            {"nominal", {{"before", opt(r.nominal_before)}, {"after", opt(r.nominal_after)}}},
            {"nominalDelta", r.nominal_delta.to_string()},
            {"borrowingLimit", {{"before", opt(r.borrowing_before)}, {"after", opt(r.borrowing_after)}}},
            {"lendingLimit", {{"before", opt(r.lending_before)}, {"after", opt(r.lending_after)}}}};
    if (r.guaranteed_before || r.guaranteed_after) {
        j["guaranteed"] = {{"before", amt(r.guaranteed_before)}, {"after", amt(r.guaranteed_after)}};
        j["guaranteedDelta"] = model::format_amount(r.resource, r.guaranteed_delta);
        j["ceiling"] = {{"before", amt(r.ceiling_before)}, {"after", amt(r.ceiling_after)}};
    }
    return j;
}

void render_json(std::ostream& out, const ClusterDiff& d, const DiffLabels& l, const lint::StateImpact* state,
                 const DiffWaits* waits) {
    nlohmann::ordered_json j;
    j["base"] = l.base;
    j["head"] = l.head;
    j["objects"] = nlohmann::ordered_json::array();
    for (const lint::ObjectDelta& o : d.objects) {
        nlohmann::ordered_json oj{{"change", change_name(o.change)},
                                  {"kind", o.kind},
                                  {"namespace", o.namespace_},
                                  {"name", o.name},
                                  {"fields", nlohmann::ordered_json::array()}};
        for (const lint::FieldDelta& f : o.fields) {
            oj["fields"].push_back({{"path", f.path}, {"before", f.before}, {"after", f.after}});
        }
        j["objects"].push_back(std::move(oj));
    }
    j["clusterQueueQuota"] = nlohmann::ordered_json::array();
    for (const QuotaDelta& r : d.cluster_queue_quota) {
        j["clusterQueueQuota"].push_back(quota_json(r, "clusterQueue"));
    }
    for (const auto& [key, list, files] :
         {std::tuple{"findingsIntroduced", &d.findings_introduced, d.head_files},
          std::tuple{"findingsFixed", &d.findings_fixed, d.base_files}}) {
        nlohmann::ordered_json arr = nlohmann::ordered_json::array();
        for (const model::Finding& f : *list) {
            arr.push_back({{"rule", f.rule},
                           {"name", f.name},
                           {"severity", severity_word(f.severity)},
                           {"file", files ? files->name(f.pos.file_id) : ""},
                           {"line", f.pos.line},
                           {"column", f.pos.col},
                           {"path", f.path},
                           {"message", f.message},
                           {"object", {{"kind", f.object.kind}, {"namespace", f.object.namespace_}, {"name", f.object.name}}}});
        }
        j[key] = std::move(arr);
    }
    j["immutableChanges"] = nlohmann::ordered_json::array();
    for (const lint::ImmutableChange& c : d.immutable) {
        j["immutableChanges"].push_back({{"kind", c.kind},
                                         {"namespace", c.namespace_},
                                         {"name", c.name},
                                         {"path", c.path},
                                         {"before", c.before},
                                         {"after", c.after},
                                         {"message", c.rule}});
    }
    j["cohortQuota"] = nlohmann::ordered_json::array();
    for (const QuotaDelta& r : d.cohort_quota) {
        j["cohortQuota"].push_back(quota_json(r, "cohort"));
    }
    if (state) {
        j["state"] = state_json(*state);
    }
    if (waits) {
        j["waits"] = waits_json(*waits);
    }
    out << json_text(j, 2) << "\n";
}

}  // namespace

void render_diff(std::ostream& out, const ClusterDiff& diff, const DiffLabels& labels, DiffFormat f,
                 const lint::StateImpact* state, const DiffWaits* waits) {
    switch (f) {
        case DiffFormat::markdown:
            render_markdown(out, diff, labels);
            if (state) {
                out << "\n";
                render_state_markdown(out, *state);
            }
            if (waits) {
                out << "\n";
                render_waits_markdown(out, *waits);
            }
            return;
        case DiffFormat::json: render_json(out, diff, labels, state, waits); return;
        case DiffFormat::text:
            render_text(out, diff, labels);
            if (state) {
                render_state_text(out, *state);
            }
            if (waits) {
                render_waits_text(out, *waits);
            }
            return;
    }
}

}  // namespace kg::report
