// Shared rule helpers; the name checks mirror k8s.io/apimachinery/pkg/util/validation.
#include "lint/rules/helpers.h"

#include "model/pod_requests.h"

#include <cctype>
#include <string_view>
#include <unordered_set>

namespace kg::lint::rules {

model::ObjectRef ref(const char* kind, const model::ObjectMeta& m) {
    return model::ObjectRef{kind, *m.namespace_, *m.name};
}

std::string rg_path(std::size_t g) { return "spec.resourceGroups[" + std::to_string(g) + "]"; }
std::string flavor_path(std::size_t g, std::size_t f) { return rg_path(g) + ".flavors[" + std::to_string(f) + "]"; }
std::string resource_path(std::size_t g, std::size_t f, std::size_t r) {
    return flavor_path(g, f) + ".resources[" + std::to_string(r) + "]";
}

namespace {

bool is_alnum_lower(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }
bool is_alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

// [a-z0-9]([-a-z0-9]*[a-z0-9])?
bool dns1123_label(std::string_view s) {
    if (s.empty() || s.size() > 63 || !is_alnum_lower(s.front()) || !is_alnum_lower(s.back())) {
        return false;
    }
    for (char c : s) {
        if (!is_alnum_lower(c) && c != '-') {
            return false;
        }
    }
    return true;
}

// ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9], at most 63
bool qualified_name_part(std::string_view s) {
    if (s.empty() || s.size() > 63 || !is_alnum(s.front()) || !is_alnum(s.back())) {
        return false;
    }
    for (char c : s) {
        if (!is_alnum(c) && c != '-' && c != '_' && c != '.') {
            return false;
        }
    }
    return true;
}

}  // namespace

std::string dns1123_subdomain_error(std::string_view s) {
    if (s.size() > 253) {
        return "must be no more than 253 characters";
    }
    std::size_t start = 0;
    bool ok = !s.empty();
    while (ok) {
        std::size_t dot = s.find('.', start);
        ok = dns1123_label(s.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
        if (dot == std::string_view::npos) {
            break;
        }
        start = dot + 1;
    }
    if (ok) {
        return {};
    }
    return "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and "
           "must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is "
           "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
}

std::string qualified_name_error(std::string_view s) {
    std::string_view name = s;
    std::size_t slash = s.find('/');
    if (slash != std::string_view::npos) {
        std::string_view prefix = s.substr(0, slash);
        name = s.substr(slash + 1);
        if (prefix.empty()) {
            return "prefix part must be non-empty";
        }
        if (!dns1123_subdomain_error(prefix).empty()) {
            return "prefix part " + dns1123_subdomain_error(prefix);
        }
    }
    if (name.empty()) {
        return "name part must be non-empty";
    }
    if (name.size() > 63) {
        return "name part must be no more than 63 characters";
    }
    if (!qualified_name_part(name)) {
        return "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
               "alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is "
               "'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
    }
    return {};
}

std::string label_value_error(std::string_view s) {
    if (s.empty()) {
        return {};
    }
    if (s.size() > 63) {
        return "must be no more than 63 characters";
    }
    if (!qualified_name_part(s)) {
        return "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and "
               "must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', "
               "regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
    }
    return {};
}

bool looks_like_placeholder(std::string_view s) {
    return s.find("${") != s.npos || s.find("%{") != s.npos || s.find("{{") != s.npos || s.find("($") != s.npos;
}

SourcePos or_doc(SourcePos p, const model::ObjectMeta& m) { return p.known() ? p : m.doc_pos; }

bool selects_only_by_name(const model::LabelSelector& s) {
    for (const auto& [k, v] : s.match_labels) {
        if (k != "kubernetes.io/metadata.name") {
            return false;
        }
    }
    for (const auto& r : s.match_expressions) {
        if (*r.key != "kubernetes.io/metadata.name") {
            return false;
        }
    }
    return true;
}

std::set<std::string> known_namespaces(const model::Cluster& c) {
    // Every Job and Workload names a namespace, most of them one already seen: they are
    // deduplicated by hash first, so the ordered set only receives the distinct names
    // (inserting 100,000 names into it was most of the trust-domain rules' setup).
    std::unordered_set<std::string_view> seen;
    std::vector<std::string_view> distinct;
    auto add = [&](const std::string& ns) {
        if (seen.insert(ns).second) {
            distinct.push_back(ns);
        }
    };
    for (const auto& n : c.namespaces) {
        add(*n.meta.name);
    }
    for (const auto& q : c.local_queues) {
        add(*q.meta.namespace_);
    }
    for (const auto& j : c.jobs) {
        add(*j.meta.namespace_);
    }
    for (const auto& w : c.workloads) {
        add(*w.meta.namespace_);
    }
    return std::set<std::string>(distinct.begin(), distinct.end());
}

const model::LocalQueue* find_local_queue_for(const model::Cluster& c, const std::string& ns,
                                             const std::string& name) {
    const model::LocalQueue* lq = c.find_local_queue(ns, name);
    if (!lq && ns.empty()) {
        lq = c.find_local_queue("default", name);
    }
    return lq;
}

std::set<std::string> namespaces_with_local_queues(const model::Cluster& c) {
    std::set<std::string> out;
    for (const model::LocalQueue& lq : c.local_queues) {
        out.insert(*lq.meta.namespace_);
        if (*lq.meta.namespace_ == "default") {
            out.insert("");
        }
    }
    return out;
}

std::string describe_namespace(const std::string& ns) {
    return ns.empty() ? "the namespace it is applied to (metadata.namespace unset)" : "namespace \"" + ns + "\"";
}

std::set<std::string> accelerators_requested(const std::vector<model::PodSet>& pod_sets,
                                             const std::vector<std::string>& extra) {
    std::set<std::string> out;
    for (const model::PodSet& ps : pod_sets) {
        for (const auto& [name, amount] : model::pod_requests(ps.template_spec)) {
            if (amount > 0 && model::is_accelerator(name, extra)) {
                out.insert(name);
            }
        }
    }
    return out;
}

std::set<std::string> covered(const model::ClusterQueue& cq) {
    std::set<std::string> out;
    for (const auto& rg : cq.resource_groups) {
        for (const auto& r : rg.covered_resources) {
            out.insert(*r);
        }
    }
    return out;
}

bool kind_not_in_inputs(const RuleContext& cx, std::size_t objects_of_kind) {
    return objects_of_kind == 0 && !cx.complete;
}

Severity reference_severity(const RuleContext& cx, const RuleInfo& rule, std::size_t objects_of_kind) {
    return kind_not_in_inputs(cx, objects_of_kind) ? Severity::info : rule.severity;
}

std::string not_in_inputs_note(const RuleContext& cx, const char* kind, std::size_t objects_of_kind) {
    if (!kind_not_in_inputs(cx, objects_of_kind)) {
        return "";
    }
    return std::string("; no ") + kind + " is in the inputs (pass --complete when they are the whole cluster)";
}

std::vector<std::string_view> local_queue_names(const model::Cluster& c, const std::string& ns) {
    std::vector<std::string_view> out;
    for (const model::LocalQueue& lq : c.local_queues) {
        if (ns.empty() || *lq.meta.namespace_ == ns) {
            out.push_back(*lq.meta.name);
        }
    }
    return out;
}

}  // namespace kg::lint::rules
