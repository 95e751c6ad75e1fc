// Text, JSON and Markdown views of who can do each governed action. One line (or row) per
// subject of a binding; every value read from the inputs passes through the format's escaper.
#include "report/who_can_render.h"

#include "report/escape.h"
#include "report/escape_json.h"

#include <nlohmann/json.hpp>

namespace kg::report {

using nlohmann::ordered_json;

namespace {

std::string join(const std::vector<std::string>& v, const char* sep = ", ") {
    std::string s;
    for (std::size_t i = 0; i < v.size(); ++i) {
        s += (i ? sep : "") + v[i];
    }
    return s;
}

std::string position(const model::SourceFiles& files, model::SourcePos p) {
    if (!p.known()) {
        return "";
    }
    return files.name(p.file_id) + ":" + std::to_string(p.line) + ":" + std::to_string(p.col);
}

std::string binding_text(const model::RoleBinding& b) {
    return (b.cluster ? "ClusterRoleBinding " : "RoleBinding ") + b.meta.key();
}

std::string role_text(const rbac::ActionGrant& g) {
    return (g.role->cluster ? "ClusterRole " : "Role ") + *g.role->meta.name;
}

std::string subject(const rbac::ActionGrant& g) { return rbac::subject_text(*g.subject, *g.binding->meta.namespace_); }

/// What the grant reaches beyond its verbs: some targets only, some names only.
std::string limits(const rbac::ActionGrant& g, const rbac::GovernedAction& a) {
    std::string s;
    // Every target is the common case (cluster-admin, batch-admin): say only which ones when
    // the grant reaches some of them.
    if (a.targets.size() > 1 && g.targets.size() < a.targets.size()) {
        s += " on " + join(g.targets);
    }
    if (!g.resource_names.empty()) {
        s += " (only " + join(g.resource_names) + ")";
    }
    return s;
}

std::string where(const rbac::ActionGrant& g, const rbac::GovernedAction& a) {
    if (!g.namespace_.empty()) {
        return "namespace " + g.namespace_;
    }
    return a.scope == rbac::ActionScope::cluster ? "cluster-wide" : "every namespace";
}

std::string asked_in(const rbac::ActionAnswer& an) {
    if (an.action->scope == rbac::ActionScope::cluster) {
        return "cluster-wide";
    }
    const std::size_t n = an.namespaces.size();
    if (n == 0) {
        return "no namespace to ask in (" + std::string(rbac::scope_name(an.action->scope)) + ")";
    }
    return "in " + std::to_string(n) + (n == 1 ? " namespace" : " namespaces") + " (" +
           rbac::scope_name(an.action->scope) + ")";
}

void text(std::ostream& out, const std::vector<rbac::ActionAnswer>& answers, const std::optional<rbac::Identity>& as,
          const model::SourceFiles& files) {
    if (as) {
        out << "Identity: user " << escape_terminal(as->user) << ", groups: "
            << escape_terminal(as->groups.empty() ? "(none)" : join(as->groups)) << "\n\n";
    }
    for (const rbac::ActionAnswer& an : answers) {
        const rbac::GovernedAction& a = *an.action;
        out << a.id;
        if (as) {
            out << ": " << (an.grants.empty() ? "no" : "yes");
        }
        out << " -- " << a.summary << ", " << escape_terminal(asked_in(an)) << "\n";
        for (const std::string& n : an.notes) {
            out << "  note: " << escape_terminal(n) << "\n";
        }
        if (an.grants.empty()) {
            out << "  " << (as ? "no binding grants it" : "nobody") << "\n";
        }
        for (const rbac::ActionGrant& g : an.grants) {
            out << "  " << escape_terminal(where(g, a)) << ": " << escape_terminal(subject(g)) << " can "
                << join(g.verbs) << escape_terminal(limits(g, a)) << " via " << escape_terminal(binding_text(*g.binding))
                << " -> " << escape_terminal(role_text(g)) << " (" << escape_terminal(position(files, g.subject->pos))
                << ")\n";
        }
    }
}

ordered_json grant_json(const rbac::ActionGrant& g, const model::SourceFiles& files) {
    const model::Subject& s = *g.subject;
    ordered_json subj{{"kind", s.kind}, {"name", s.name}};
    if (s.kind == "ServiceAccount") {
        subj["namespace"] = s.namespace_.empty() ? *g.binding->meta.namespace_ : s.namespace_;
    }
    ordered_json j;
    j["namespace"] = g.namespace_.empty() ? ordered_json(nullptr) : ordered_json(g.namespace_);
    j["subject"] = subj;
    j["verbs"] = g.verbs;
    j["resources"] = g.targets;
    j["resourceNames"] = g.resource_names;
    j["binding"] = {{"kind", g.binding->cluster ? "ClusterRoleBinding" : "RoleBinding"},
                    {"namespace", *g.binding->meta.namespace_},
                    {"name", *g.binding->meta.name},
                    {"source", position(files, g.subject->pos)}};
    j["role"] = {{"kind", g.role->cluster ? "ClusterRole" : "Role"},
                 {"namespace", *g.role->meta.namespace_},
                 {"name", *g.role->meta.name},
                 {"aggregated", g.role->aggregated}};
    return j;
}

void json(std::ostream& out, const std::vector<rbac::ActionAnswer>& answers, const std::optional<rbac::Identity>& as,
          const model::SourceFiles& files) {
    ordered_json doc;
    doc["identity"] = as ? ordered_json{{"user", as->user}, {"groups", as->groups}} : ordered_json(nullptr);
    ordered_json actions = ordered_json::array();
    for (const rbac::ActionAnswer& an : answers) {
        const rbac::GovernedAction& a = *an.action;
        ordered_json j{{"id", a.id}, {"summary", a.summary}, {"category", rbac::category_name(a.category)},
                       {"scope", rbac::scope_name(a.scope)}, {"verbs", a.verbs}};
        ordered_json targets = ordered_json::array();
        for (const rbac::ActionTarget& t : a.targets) {
            targets.push_back(t.text());
        }
        j["resources"] = targets;
        j["namespaces"] = an.namespaces;
        j["notes"] = an.notes;
        if (as) {
            j["allowed"] = !an.grants.empty();
        }
        ordered_json grants = ordered_json::array();
        for (const rbac::ActionGrant& g : an.grants) {
            grants.push_back(grant_json(g, files));
        }
        j["grants"] = grants;
        actions.push_back(j);
    }
    doc["actions"] = actions;
    out << json_text(doc, 2) << "\n";
}

void markdown(std::ostream& out, const std::vector<rbac::ActionAnswer>& answers,
              const std::optional<rbac::Identity>& as, const model::SourceFiles& files) {
    out << "# Who can change the queues\n\n";
    if (as) {
        out << "Identity: user " << escape_markdown_code(as->user) << ", groups: "
            << (as->groups.empty() ? std::string("(none)") : [&] {
                   std::string s;
                   for (std::size_t i = 0; i < as->groups.size(); ++i) {
                       s += (i ? ", " : "") + escape_markdown_code(as->groups[i]);
                   }
                   return s;
               }())
            << "\n\n";
    }
    for (const rbac::ActionAnswer& an : answers) {
        const rbac::GovernedAction& a = *an.action;
        out << "## " << escape_markdown(a.id) << (as ? (an.grants.empty() ? ": no" : ": yes") : "") << "\n\n"
            << escape_markdown(a.summary) << ", " << escape_markdown(asked_in(an)) << ".\n\n";
        for (const std::string& n : an.notes) {
            out << "- " << escape_markdown(n) << "\n";
        }
        if (!an.notes.empty()) {
            out << "\n";
        }
        if (an.grants.empty()) {
            out << (as ? "No binding grants it.\n\n" : "Nobody.\n\n");
            continue;
        }
        out << "| Where | Subject | Verbs | Binding | Role | Source |\n|---|---|---|---|---|---|\n";
        for (const rbac::ActionGrant& g : an.grants) {
            out << "| " << escape_markdown(where(g, a)) << " | " << escape_markdown(subject(g)) << " | "
                << escape_markdown(join(g.verbs) + limits(g, a)) << " | " << escape_markdown(binding_text(*g.binding))
                << " | " << escape_markdown(role_text(g)) << " | " << escape_markdown_code(position(files, g.subject->pos))
                << " |\n";
        }
        out << "\n";
    }
}

}  // namespace

void render_who_can(std::ostream& out, const std::vector<rbac::ActionAnswer>& answers,
                    const std::optional<rbac::Identity>& as, const model::SourceFiles& files, WhoCanFormat f) {
    switch (f) {
        case WhoCanFormat::text: text(out, answers, as, files); break;
        case WhoCanFormat::json: json(out, answers, as, files); break;
        case WhoCanFormat::md: markdown(out, answers, as, files); break;
    }
}

}  // namespace kg::report
