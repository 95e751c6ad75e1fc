// Reads the policy file's `purposes:` list and `customPurposes:`. Strict like the rest of the
// file: an unknown key, an undeclared purpose name (a typo would silently leave work without
// a purpose), a matcher-less entry or a malformed LocalQueue reference is an error with
// file:line:col; a mapping that an earlier one always shadows is a warning.
#include "model/decode/fields.h"
#include "model/policy_read.h"
#include "model/spelling.h"

#include <map>
#include <tuple>

namespace kg::model::policy_read {

namespace {

using yaml::Node;

// A purpose name goes into CSV columns, FOCUS tags and HTML: keep it a DNS label.
bool valid_purpose_name(std::string_view s) {
    if (s.empty() || s.size() > 63 || s.front() == '-' || s.back() == '-') {
        return false;
    }
    for (char c : s) {
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) {
            return false;
        }
    }
    return true;
}

void read_custom(const Node* n, PurposePolicy& out, DiagSink& diags) {
    for (Located<std::string>& name : string_list(n, diags, "customPurposes")) {
        if (!valid_purpose_name(*name)) {
            diags.error(name.pos, "customPurposes: expected a lower-case name of letters, digits and '-' "
                                  "(at most 63), found \"" + *name + "\"");
            continue;
        }
        out.custom.push_back(std::move(name.value));
    }
}

bool known_purpose(const PurposePolicy& p, const Located<std::string>& name, DiagSink& diags) {
    std::vector<std::string_view> names = builtin_purposes();
    for (const std::string& c : p.custom) {
        names.push_back(c);
    }
    for (std::string_view n : names) {
        if (n == *name) {
            return true;
        }
    }
    std::string hint = did_you_mean(*name, names);
    diags.error(name.pos, "purposes.purpose: unknown purpose \"" + *name + "\"" +
                              (hint.empty() ? "" : " (" + hint.substr(2) + ")") +
                              " (expected a built-in purpose or one listed in customPurposes)");
    return false;
}

std::vector<Located<std::string>> local_queue_refs(const Node* n, DiagSink& diags) {
    std::vector<Located<std::string>> out;
    for (Located<std::string>& ref : string_list(n, diags, "purposes.localQueues")) {
        const std::size_t slash = ref->find('/');
        if (slash == 0 || slash == std::string::npos || slash + 1 == ref->size() ||
            ref->find('/', slash + 1) != std::string::npos) {
            diags.error(ref.pos, "purposes.localQueues: expected \"namespace/name\", found \"" + *ref + "\"");
            continue;
        }
        out.push_back(std::move(ref));
    }
    return out;
}

// The first claim of each LocalQueue and namespace wins; a later one can never decide.
void warn_shadowed(const PurposePolicy& p, DiagSink& diags) {
    std::map<std::string, std::string> lq_first, ns_first;
    for (const PurposeMapping& m : p.mappings) {
        for (const auto& [list, first, what] :
             {std::tuple(&m.local_queues, &lq_first, "LocalQueue"), std::tuple(&m.namespaces, &ns_first, "namespace")}) {
            for (const Located<std::string>& key : *list) {
                auto [it, fresh] = first->emplace(*key, *m.purpose);
                if (!fresh) {
                    diags.warning(key.pos, std::string("purposes: ") + what + " \"" + *key +
                                               "\" is already mapped to \"" + it->second +
                                               "\" by an earlier entry, which wins: this entry never decides");
                }
            }
        }
    }
}

}  // namespace

void read_purposes(const Node& doc, GovernancePolicy& p, DiagSink& diags) {
    read_custom(doc.get("customPurposes"), p.purposes, diags);
    const Node* list = doc.get("purposes");
    if (!decode::is_sequence(list, diags, "purposes")) {
        return;
    }
    for (const Node& e : list->items) {
        if (!decode::is_mapping(&e, diags, "purposes")) {
            continue;
        }
        check_keys(e, {"purpose", "localQueues", "selector", "namespaces"}, "purposes", diags);
        PurposeMapping m;
        m.pos = e.pos;
        m.purpose = decode::located_string(e.get("purpose"), diags, "purposes.purpose");
        if (m.purpose->empty()) {
            diags.error(e.pos, "purposes: expected purpose (a name such as \"research\"), found none");
            continue;
        }
        if (!known_purpose(p.purposes, m.purpose, diags)) {
            continue;
        }
        m.local_queues = local_queue_refs(e.get("localQueues"), diags);
        m.namespaces = string_list(e.get("namespaces"), diags, "purposes.namespaces");
        if (const Node* sel = e.get("selector"); sel && !sel->is_null()) {
            LabelSelector s = decode::decode_label_selector(*sel, diags, "purposes.selector");
            if (s.is_empty()) {
                // {} selects every workload, which would give everything this purpose.
                diags.error(sel->pos, "purposes.selector: expected matchLabels or matchExpressions, found an empty "
                                      "selector (it would select every workload)");
            } else {
                m.selector = std::move(s);
            }
        }
        if (m.local_queues.empty() && m.namespaces.empty() && !m.selector) {
            diags.error(e.pos, "purposes: expected localQueues, selector or namespaces for \"" + *m.purpose +
                                   "\", found none");
            continue;
        }
        p.purposes.mappings.push_back(std::move(m));
    }
    warn_shadowed(p.purposes, diags);
}

}  // namespace kg::model::policy_read
