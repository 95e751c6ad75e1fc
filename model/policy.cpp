// Loading of the GovernancePolicy and PriceList files. Every key is checked against
// the known set, so a typo is an error with file:line:col, never a silently-off rule.
#include "model/policy.h"
#include "model/spelling.h"

#include "model/decode/fields.h"
#include "model/loader.h"
#include "model/policy_read.h"

namespace kg::model {

namespace policy_read {

using yaml::Node;

void check_keys(const Node& m, std::initializer_list<std::string_view> known, std::string_view where,
                DiagSink& diags) {
    for (const yaml::MapEntry& e : m.entries) {
        bool ok = false;
        std::string list;
        for (std::string_view k : known) {
            ok = ok || e.key == k;
            list += (list.empty() ? "" : ", ") + std::string(k);
        }
        if (!ok) {
            std::vector<std::string_view> names(known.begin(), known.end());
            std::string hint = did_you_mean(e.key, names);
            diags.error(e.key_pos, "unknown key \"" + e.key + "\" in " + std::string(where) +
                                       (hint.empty() ? "" : " (" + hint.substr(2) + ")") + " (expected one of " + list +
                                       ")");
        }
    }
}

std::vector<Located<std::string>> string_list(const Node* n, DiagSink& diags, std::string_view field) {
    std::vector<Located<std::string>> out;
    if (decode::is_sequence(n, diags, field)) {
        for (const Node& item : n->items) {
            if (auto s = decode::as_string(&item, diags, field)) {
                out.emplace_back(*s, item.pos);
            }
        }
    }
    return out;
}

}  // namespace policy_read

namespace {

using yaml::Node;
using policy_read::check_keys;
using policy_read::string_list;

std::vector<std::string> plain_list(const Node* n, DiagSink& diags, std::string_view field) {
    std::vector<std::string> out;
    for (auto& s : string_list(n, diags, field)) {
        out.push_back(std::move(s.value));
    }
    return out;
}

void read_trust_domains(const Node& td, GovernancePolicy& p, DiagSink& diags) {
    check_keys(td, {"namespaceLabel", "domains", "allowSharing"}, "trustDomains", diags);
    p.namespace_label = decode::as_string(td.get("namespaceLabel"), diags, "trustDomains.namespaceLabel").value_or("");
    const Node* domains = td.get("domains");
    if (decode::is_sequence(domains, diags, "trustDomains.domains")) {
        for (const Node& d : domains->items) {
            if (!decode::is_mapping(&d, diags, "trustDomains.domains")) {
                continue;
            }
            check_keys(d, {"name", "namespaces", "clusterQueues"}, "trustDomains.domains", diags);
            TrustDomain dom;
            dom.name = decode::located_string(d.get("name"), diags, "trustDomains.domains.name");
            if (dom.name->empty()) {
                diags.error(d.pos, "trustDomains.domains: expected a name, found none");
                continue;
            }
            dom.namespaces = string_list(d.get("namespaces"), diags, "namespaces");
            dom.cluster_queues = string_list(d.get("clusterQueues"), diags, "clusterQueues");
            p.domains.push_back(std::move(dom));
        }
    }
    const Node* allow = td.get("allowSharing");
    if (decode::is_sequence(allow, diags, "trustDomains.allowSharing")) {
        for (const Node& pair : allow->items) {
            std::vector<std::string> two = plain_list(&pair, diags, "trustDomains.allowSharing");
            if (two.size() != 2) {
                diags.error(pair.pos, "trustDomains.allowSharing: expected a pair of domain names, found " +
                                          std::to_string(two.size()) + " names");
                continue;
            }
            p.allow_sharing.emplace_back(two[0], two[1]);
        }
    }
}

void read_rules(const Node& rules, GovernancePolicy& p, DiagSink& diags) {
    for (const yaml::MapEntry& e : rules.entries) {
        if (!decode::is_mapping(&e.value, diags, "rules." + e.key)) {
            continue;
        }
        check_keys(e.value, {"severity", "enabled", "reason"}, "rules." + e.key, diags);
        RuleOverride o;
        o.pos = e.key_pos;
        if (const Node* s = e.value.get("severity")) {
            o.severity = decode::as_enum<Severity>(s, diags, "severity",
                                                   {{"error", Severity::error}, {"warning", Severity::warning},
                                                    {"info", Severity::info}});
        }
        o.enabled = decode::as_bool(e.value.get("enabled"), diags, "enabled");
        o.reason = decode::as_string(e.value.get("reason"), diags, "reason").value_or("");
        p.rules[e.key] = std::move(o);
    }
}

void read_kueue(const Node& k, GovernancePolicy& p, DiagSink& diags) {
    check_keys(k, {"manageJobsWithoutQueueName", "managedJobsNamespaceSelector"}, "kueue", diags);
    KueueConfig c;
    c.pos = k.pos;
    c.manage_jobs_without_queue_name =
        decode::as_bool(k.get("manageJobsWithoutQueueName"), diags, "kueue.manageJobsWithoutQueueName").value_or(false);
    if (const Node* sel = k.get("managedJobsNamespaceSelector"); sel && !sel->is_null()) {
        c.managed_jobs_namespace_selector =
            decode::decode_label_selector(*sel, diags, "kueue.managedJobsNamespaceSelector");
    }
    p.kueue = std::move(c);
}

void read_policy(const Node& doc, GovernancePolicy& p, DiagSink& diags) {
    check_keys(doc,
               {"apiVersion", "kind", "metadata", "trustDomains", "platformOwners", "changeRecordAnnotation",
                "accelerators", "kueue", "purposes", "customPurposes", "rules"},
               "the policy", diags);
    const Node* kind = doc.get("kind");
    if (!kind || !kind->is_scalar() || kind->scalar != "GovernancePolicy") {
        diags.error(kind ? kind->pos : doc.pos, "expected kind GovernancePolicy, found " +
                                                    (kind ? kind->describe() : std::string("none")));
        return;
    }
    p.pos = doc.pos;
    if (const Node* td = doc.get("trustDomains"); decode::is_mapping(td, diags, "trustDomains")) {
        read_trust_domains(*td, p, diags);
    }
    if (const Node* po = doc.get("platformOwners"); decode::is_mapping(po, diags, "platformOwners")) {
        check_keys(*po, {"users", "groups", "serviceAccounts"}, "platformOwners", diags);
        p.owner_users = plain_list(po->get("users"), diags, "platformOwners.users");
        p.owner_groups = plain_list(po->get("groups"), diags, "platformOwners.groups");
        p.owner_service_accounts = plain_list(po->get("serviceAccounts"), diags, "platformOwners.serviceAccounts");
    }
    p.change_record_annotation =
        decode::as_string(doc.get("changeRecordAnnotation"), diags, "changeRecordAnnotation").value_or("");
    p.accelerators = plain_list(doc.get("accelerators"), diags, "accelerators");
    if (const Node* k = doc.get("kueue"); decode::is_mapping(k, diags, "kueue")) {
        read_kueue(*k, p, diags);
    }
    policy_read::read_purposes(doc, p, diags);
    if (const Node* r = doc.get("rules"); decode::is_mapping(r, diags, "rules")) {
        read_rules(*r, p, diags);
    }
}

void read_billing(const Node& b, BillingIdentity& out, DiagSink& diags) {
    check_keys(b, {"accountId", "accountName", "provider", "publisher", "invoiceIssuer"}, "billing", diags);
    // Every FOCUS row carries these, and FOCUS forbids nulls in them: an empty value is an error,
    // an absent one keeps its default.
    auto read = [&](const char* key, std::string& field) {
        const Node* n = b.get(key);
        if (n == nullptr) return;
        auto v = decode::as_string(n, diags, std::string("billing.") + key);
        if (v && v->empty()) {
            diags.error(n->pos, std::string("billing.") + key + ": expected a non-empty name, found \"\"");
        } else if (v) {
            field = *v;
        }
    };
    read("accountId", out.account_id);
    read("accountName", out.account_name);
    read("provider", out.provider);
    read("publisher", out.publisher);
    read("invoiceIssuer", out.invoice_issuer);
}

void read_prices(const Node& doc, PriceList& pl, DiagSink& diags) {
    check_keys(doc, {"apiVersion", "kind", "metadata", "currency", "billing", "prices"}, "the price list", diags);
    const Node* kind = doc.get("kind");
    if (!kind || !kind->is_scalar() || kind->scalar != "PriceList") {
        diags.error(kind ? kind->pos : doc.pos,
                    "expected kind PriceList, found " + (kind ? kind->describe() : std::string("none")));
        return;
    }
    pl.pos = doc.pos;
    pl.currency = decode::as_string(doc.get("currency"), diags, "currency").value_or("USD");
    if (const Node* b = doc.get("billing"); b && decode::is_mapping(b, diags, "billing")) {
        read_billing(*b, pl.billing, diags);
    }
    const Node* prices = doc.get("prices");
    if (!decode::is_sequence(prices, diags, "prices")) {
        return;
    }
    for (const Node& p : prices->items) {
        if (!decode::is_mapping(&p, diags, "prices")) {
            continue;
        }
        check_keys(p, {"flavor", "resource", "perHour", "listPerHour", "unit"}, "prices", diags);
        Price price;
        price.flavor = decode::located_string(p.get("flavor"), diags, "prices.flavor");
        price.resource = decode::located_string(p.get("resource"), diags, "prices.resource");
        if (price.flavor->empty() || price.resource->empty()) {
            diags.error(p.pos, "prices: expected flavor and resource, found " +
                                   std::string(price.flavor->empty() ? "no flavor" : "no resource"));
            continue;
        }
        auto q = decode::as_quantity(p.get("perHour"), diags);
        if (!q) {
            if (!p.get("perHour")) {
                diags.error(p.pos, "prices: expected perHour (a decimal such as \"3.00\"), found none");
            }
            continue;
        }
        price.per_hour = *q;
        if (const Node* lp = p.get("listPerHour")) {
            if (auto l = decode::as_quantity(lp, diags)) price.list_per_hour = *l;
        }
        price.unit = decode::as_string(p.get("unit"), diags, "prices.unit").value_or("");
        pl.prices.push_back(std::move(price));
    }
}

template <typename T, typename F>
T load_one(SourceFiles& files, std::string name, std::string text, DiagSink& diags, const LoadOptions& opt, F read) {
    T out;
    std::uint32_t id = files.add(std::move(name), text);
    std::string_view view = files.text(id);
    std::size_t docs = 0;
    parse_objects(id, view, diags, opt, [&](Node&& doc) {
        if (++docs > 1) {
            diags.error(doc.pos, "expected one document in this file, found another");
            return;
        }
        if (!doc.is_mapping()) {
            diags.error(doc.pos, "expected a mapping, found " + doc.describe());
            return;
        }
        read(doc, out, diags);
    });
    return out;
}

// Bounded like manifests (and counted in the run's bytes), so `--policy /dev/zero` stops
// instead of filling memory.
Result<std::string> read_file(const std::string& path, const LoadOptions& opt) {
    auto in = read_limited(path, opt);
    if (!in) {
        return make_error("cannot read " + path + ": " + in.error().message);
    }
    return std::move(*in);
}

}  // namespace

bool GovernancePolicy::sharing_allowed(std::string_view a, std::string_view b) const {
    if (a == b) {
        return true;
    }
    for (const auto& [x, y] : allow_sharing) {
        if ((x == a && y == b) || (x == b && y == a)) {
            return true;
        }
    }
    return false;
}

GovernancePolicy load_policy_text(SourceFiles& files, std::string name, std::string text, DiagSink& diags,
                                  const LoadOptions& opt) {
    return load_one<GovernancePolicy>(files, std::move(name), std::move(text), diags, opt, read_policy);
}

Result<GovernancePolicy> load_policy_file(SourceFiles& files, const std::string& path, DiagSink& diags,
                                          const LoadOptions& opt) {
    Result<std::string> text = read_file(path, opt);
    if (!text) {
        return text.error();
    }
    return load_policy_text(files, path, std::move(*text), diags, opt);
}

PriceList load_price_list_text(SourceFiles& files, std::string name, std::string text, DiagSink& diags,
                               const LoadOptions& opt) {
    return load_one<PriceList>(files, std::move(name), std::move(text), diags, opt, read_prices);
}

Result<PriceList> load_price_list_file(SourceFiles& files, const std::string& path, DiagSink& diags,
                                       const LoadOptions& opt) {
    Result<std::string> text = read_file(path, opt);
    if (!text) {
        return text.error();
    }
    return load_price_list_text(files, path, std::move(*text), diags, opt);
}

bool is_accelerator(std::string_view r, const std::vector<std::string>& extra) {
    auto matches = [&](std::string_view pattern) {
        if (!pattern.empty() && pattern.back() == '*') {
            return r.substr(0, pattern.size() - 1) == pattern.substr(0, pattern.size() - 1);
        }
        return r == pattern;
    };
    static constexpr std::string_view k_builtin[] = {"nvidia.com/gpu",  "nvidia.com/mig-*",      "amd.com/gpu",
                                                     "google.com/tpu",  "habana.ai/gaudi",       "aws.amazon.com/neuron*",
                                                     "gpu.intel.com/*"};
    for (std::string_view p : k_builtin) {
        if (matches(p)) {
            return true;
        }
    }
    for (const std::string& p : extra) {
        if (matches(p)) {
            return true;
        }
    }
    return false;
}

}  // namespace kg::model
