// Scalar and small-shape readers shared by every kind's decoder.
#include "model/decode/fields.h"

#include "model/time.h"

#include <charconv>
#include <utility>

namespace kg::model::decode {

std::optional<std::string> as_string(const Node* n, DiagSink& diags, std::string_view field) {
    if (!n || n->is_null()) {
        return std::nullopt;
    }
    if (!n->is_scalar()) {
        diags.error(n->pos, std::string(field) + ": expected a string, found " + n->describe());
        return std::nullopt;
    }
    return n->scalar;
}

Located<std::string> located_string(const Node* n, DiagSink& diags, std::string_view field) {
    std::optional<std::string> s = as_string(n, diags, field);
    return s ? Located<std::string>(std::move(*s), n->pos) : Located<std::string>();  // moved: names outgrow SSO
}

std::optional<std::int64_t> as_int(const Node* n, DiagSink& diags, std::string_view field, std::int64_t min,
                                   std::int64_t max) {
    std::optional<std::string> s = as_string(n, diags, field);
    if (!s) {
        return std::nullopt;
    }
    std::int64_t v = 0;
    const char* b = s->data();
    const char* e = b + s->size();
    if (b != e && *b == '+') {
        ++b;
    }
    auto [p, ec] = std::from_chars(b, e, v);
    if (ec != std::errc() || p != e) {
        diags.error(n->pos, std::string(field) + ": expected an integer, found \"" + *s + "\"");
        return std::nullopt;
    }
    if (v < min || v > max) {
        diags.error(n->pos, std::string(field) + ": expected an integer from " + std::to_string(min) + " to " +
                                std::to_string(max) + ", found " + *s);
        return std::nullopt;
    }
    return v;
}

std::optional<bool> as_bool(const Node* n, DiagSink& diags, std::string_view field) {
    std::optional<std::string> s = as_string(n, diags, field);
    if (!s) {
        return std::nullopt;
    }
    if (*s == "true" || *s == "True" || *s == "TRUE") {
        return true;
    }
    if (*s == "false" || *s == "False" || *s == "FALSE") {
        return false;
    }
    diags.error(n->pos, std::string(field) + ": expected true or false, found \"" + *s + "\"");
    return std::nullopt;
}

std::optional<Located<Quantity>> as_quantity(const Node* n, DiagSink& diags) {
    if (!n || n->is_null()) {
        return std::nullopt;
    }
    if (!n->is_scalar()) {
        diags.error(n->pos, "expected a quantity such as \"8\", \"500m\" or \"16Gi\", found " + n->describe());
        return std::nullopt;
    }
    Result<Quantity> q = Quantity::parse(n->scalar);
    if (!q) {
        diags.error(n->pos, q.error().message);
        return std::nullopt;
    }
    return Located<Quantity>(*q, n->pos);
}

std::optional<Timestamp> as_time(const Node* n, DiagSink& diags, std::string_view field) {
    std::optional<std::string> s = as_string(n, diags, field);
    if (!s) {
        return std::nullopt;
    }
    std::optional<std::int64_t> t = parse_rfc3339(*s);
    if (!t) {
        diags.error(n->pos, std::string(field) + ": expected an RFC 3339 time such as \"2026-01-01T00:00:00Z\", found \"" +
                                *s + "\"");
    }
    return t;
}

bool is_mapping(const Node* n, DiagSink& diags, std::string_view field) {
    if (!n || n->is_null()) {
        return false;
    }
    if (!n->is_mapping()) {
        diags.error(n->pos, std::string(field) + ": expected a mapping, found " + n->describe());
        return false;
    }
    return true;
}

bool is_sequence(const Node* n, DiagSink& diags, std::string_view field) {
    if (!n || n->is_null()) {
        return false;
    }
    if (!n->is_sequence()) {
        diags.error(n->pos, std::string(field) + ": expected a list, found " + n->describe());
        return false;
    }
    return true;
}

std::map<std::string, std::string> as_string_map(const Node* n, DiagSink& diags, std::string_view field,
                                                 std::map<std::string, SourcePos>* positions) {
    std::map<std::string, std::string> out;
    if (!is_mapping(n, diags, field)) {
        return out;
    }
    for (const yaml::MapEntry& e : n->entries) {
        if (e.value.is_null()) {
            out[e.key] = "";
        } else if (std::optional<std::string> v = as_string(&e.value, diags, std::string(field) + "." + e.key)) {
            out[e.key] = *v;
        } else {
            continue;
        }
        if (positions) {
            (*positions)[e.key] = e.value.pos;
        }
    }
    return out;
}

namespace {

// The quantities of a resource mapping, each stored as `value(Located<Quantity>)` makes it.
// kubectl writes keys sorted, so each goes in at the end without a search (a key out of
// order is searched for); of a key written twice, the last value stays.
template <class Map, class Value>
Map quantities(const Node* n, DiagSink& diags, std::string_view field, Value value) {
    Map out;
    if (!is_mapping(n, diags, field)) {
        return out;
    }
    for (const yaml::MapEntry& e : n->entries) {
        if (std::optional<Located<Quantity>> q = as_quantity(&e.value, diags)) {
            out.insert_or_assign(out.end(), e.key, value(*q));
        }
    }
    return out;
}

}  // namespace

ResourceList as_resource_list(const Node* n, DiagSink& diags, std::string_view field) {
    return quantities<ResourceList>(n, diags, field, [](const Located<Quantity>& q) { return q; });
}

std::map<std::string, Quantity> as_quantity_map(const Node* n, DiagSink& diags, std::string_view field) {
    return quantities<std::map<std::string, Quantity>>(n, diags, field,
                                                       [](const Located<Quantity>& q) { return q.value; });
}

namespace {

LabelRequirement decode_requirement(const Node& n, DiagSink& diags, std::string_view field) {
    LabelRequirement r;
    r.pos = n.pos;
    r.key = located_string(n.get("key"), diags, std::string(field) + ".key");
    if (std::optional<std::string> op = as_string(n.get("operator"), diags, std::string(field) + ".operator")) {
        if (std::optional<SelectorOp> parsed = parse_selector_op(*op)) {
            r.op = *parsed;
        } else {
            diags.error(n.get("operator")->pos, std::string(field) +
                                                    ".operator: expected one of \"In\", \"NotIn\", \"Exists\", "
                                                    "\"DoesNotExist\", \"Gt\", \"Lt\", found \"" + *op + "\"");
        }
    }
    const Node* values = n.get("values");
    if (is_sequence(values, diags, std::string(field) + ".values")) {
        for (const Node& v : values->items) {
            if (std::optional<std::string> s = as_string(&v, diags, std::string(field) + ".values")) {
                r.values.push_back(*s);
            }
        }
    }
    return r;
}

}  // namespace

LabelSelector decode_label_selector(const Node& n, DiagSink& diags, std::string_view field) {
    LabelSelector s;
    s.pos = n.pos;
    if (!is_mapping(&n, diags, field)) {
        return s;
    }
    for (const auto& [k, v] : as_string_map(n.get("matchLabels"), diags, std::string(field) + ".matchLabels")) {
        s.match_labels.emplace_back(k, v);
    }
    const Node* exprs = n.get("matchExpressions");
    if (is_sequence(exprs, diags, std::string(field) + ".matchExpressions")) {
        for (const Node& e : exprs->items) {
            if (is_mapping(&e, diags, std::string(field) + ".matchExpressions")) {
                s.match_expressions.push_back(decode_requirement(e, diags, std::string(field) + ".matchExpressions"));
            }
        }
    }
    return s;
}

std::vector<Taint> decode_taints(const Node* n, DiagSink& diags, std::string_view field) {
    std::vector<Taint> out;
    if (!is_sequence(n, diags, field)) {
        return out;
    }
    for (const Node& t : n->items) {
        if (!is_mapping(&t, diags, field)) {
            continue;
        }
        Taint taint;
        taint.pos = t.pos;
        taint.key = as_string(t.get("key"), diags, "key").value_or("");
        taint.value = as_string(t.get("value"), diags, "value").value_or("");
        if (std::optional<std::string> eff = as_string(t.get("effect"), diags, "effect")) {
            std::optional<TaintEffect> e = parse_taint_effect(*eff);
            if (!e || *e == TaintEffect::any) {
                diags.error(t.get("effect")->pos, std::string(field) +
                                                      ".effect: expected one of \"NoSchedule\", \"PreferNoSchedule\", "
                                                      "\"NoExecute\", found \"" + *eff + "\"");
            } else {
                taint.effect = *e;
            }
        }
        out.push_back(std::move(taint));
    }
    return out;
}

std::vector<Toleration> decode_tolerations(const Node* n, DiagSink& diags, std::string_view field) {
    std::vector<Toleration> out;
    if (!is_sequence(n, diags, field)) {
        return out;
    }
    for (const Node& t : n->items) {
        if (!is_mapping(&t, diags, field)) {
            continue;
        }
        Toleration tol;
        tol.pos = t.pos;
        tol.key = as_string(t.get("key"), diags, "key").value_or("");
        tol.value = as_string(t.get("value"), diags, "value").value_or("");
        std::string op = as_string(t.get("operator"), diags, "operator").value_or("Equal");
        tol.op = op == "Exists" ? TolerationOp::exists : TolerationOp::equal;
        if (op != "Exists" && op != "Equal") {
            diags.error(t.get("operator")->pos,
                        std::string(field) + ".operator: expected \"Exists\" or \"Equal\", found \"" + op + "\"");
        }
        std::string effect = as_string(t.get("effect"), diags, "effect").value_or("");
        std::optional<TaintEffect> e = parse_taint_effect(effect);
        tol.effect = e.value_or(TaintEffect::any);
        if (!effect.empty() && (!e || *e == TaintEffect::any)) {
            diags.error(t.get("effect")->pos, std::string(field) +
                                                  ".effect: expected one of \"NoSchedule\", \"PreferNoSchedule\", "
                                                  "\"NoExecute\", found \"" + effect + "\"");
        }
        tol.seconds = as_int(t.get("tolerationSeconds"), diags, "tolerationSeconds", INT64_MIN, INT64_MAX);
        out.push_back(std::move(tol));
    }
    return out;
}

std::vector<Condition> decode_conditions(const Node* n, DiagSink& diags) {
    std::vector<Condition> out;
    if (!is_sequence(n, diags, "status.conditions")) {
        return out;
    }
    out.reserve(n->items.size());
    for (const Node& c : n->items) {
        if (!is_mapping(&c, diags, "status.conditions")) {
            continue;
        }
        Condition cond;
        cond.type = as_string(c.get("type"), diags, "type").value_or("");
        std::string status = as_string(c.get("status"), diags, "status").value_or("Unknown");
        cond.status = status == "True"    ? ConditionStatus::true_
                      : status == "False" ? ConditionStatus::false_
                                          : ConditionStatus::unknown;
        cond.reason = as_string(c.get("reason"), diags, "reason").value_or("");
        cond.message = as_string(c.get("message"), diags, "message").value_or("");
        cond.last_transition_time = as_time(c.get("lastTransitionTime"), diags, "lastTransitionTime");
        out.push_back(std::move(cond));
    }
    return out;
}

ObjectMeta decode_meta(const Node& obj, DiagSink& diags) {
    ObjectMeta m;
    m.doc_pos = obj.pos;
    m.api_version = as_string(obj.get("apiVersion"), diags, "apiVersion").value_or("");
    m.kind = as_string(obj.get("kind"), diags, "kind").value_or("");
    const Node* md = obj.get("metadata");
    if (!is_mapping(md, diags, "metadata")) {
        return m;
    }
    m.name = located_string(md->get("name"), diags, "metadata.name");
    if (m.name->empty()) {
        m.name.pos = md->pos;
        if (const Node* gn = md->get("generateName"); gn && gn->is_scalar()) {
            m.name = Located<std::string>(gn->scalar, gn->pos);
        }
    }
    m.namespace_ = located_string(md->get("namespace"), diags, "metadata.namespace");
    m.uid = as_string(md->get("uid"), diags, "metadata.uid").value_or("");
    m.resource_version = as_string(md->get("resourceVersion"), diags, "metadata.resourceVersion").value_or("");
    m.creation_timestamp = as_time(md->get("creationTimestamp"), diags, "metadata.creationTimestamp");
    m.deletion_timestamp = as_time(md->get("deletionTimestamp"), diags, "metadata.deletionTimestamp");
    m.labels = as_string_map(md->get("labels"), diags, "metadata.labels", &m.label_pos);
    auto annotations = as_string_map(md->get("annotations"), diags, "metadata.annotations", &m.annotation_pos);
    m.annotations.insert(annotations.begin(), annotations.end());
    const Node* owners = md->get("ownerReferences");
    if (is_sequence(owners, diags, "metadata.ownerReferences")) {
        for (const Node& o : owners->items) {
            if (o.is_mapping()) {
                m.owner_refs.emplace_back(as_string(o.get("kind"), diags, "kind").value_or(""),
                                          as_string(o.get("name"), diags, "name").value_or(""));
            }
        }
    }
    return m;
}

}  // namespace kg::model::decode
