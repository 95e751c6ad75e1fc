// Job rows (batch Jobs and every kind Kueue integrates): queue and priority labels, who
// changed them, and jobs created without a queue name.
#include "audit/ingest/extractor_impl.h"

namespace kg::audit::ingest {

JobRow Extractor::Impl::job_row(const Ctx& x, const std::string& kind, element obj) {
    JobRow j;
    j.line = x.line;
    j.origin = x.audit ? "audit" : "export";
    j.kind = kind;
    j.api_group = x.audit ? x.group : group_of(str(obj, "apiVersion"));
    auto meta = child(obj, "metadata");
    j.namespace_ = x.ns.empty() ? std::string(str(meta, "namespace")) : x.ns;
    j.name = x.name.empty() ? std::string(str(meta, "name")) : x.name;
    j.uid = std::string(str(meta, "uid"));
    if (j.uid.empty()) j.uid = x.uid;
    if (auto labels = meta ? child(*meta, "labels") : std::nullopt) {
        std::string_view v;
        if (!(*labels)[k_queue_label].get_string().get(v)) j.queue_name = std::string(v);
        if (!(*labels)[k_priority_label].get_string().get(v)) j.priority_class = std::string(v);
    }
    bool suspend = false;
    if (auto s = path(obj, {"spec", "suspend"}); s && !s->get_bool().get(suspend)) j.suspend = suspend;
    else if (auto s2 = path(obj, {"spec", "runPolicy", "suspend"}); s2 && !s2->get_bool().get(suspend)) j.suspend = suspend;
    if (x.audit) {
        j.created = x.time;
        j.created_ts_us = x.ts_us;
        j.creator = x.actor;
        j.code = x.code;
        j.audit_id = x.audit_id;
        j.kueue_mutated = x.kueue_mutation;
        j.nkey = "job:audit:" + x.key;
    } else {
        const std::string_view created = str(meta, "creationTimestamp");
        j.created = std::string(created);
        j.created_ts_us = parse_time_us(created);
        j.nkey = "job:export:" + j.api_group + "/" + kind + ":" + j.namespace_ + "/" + j.name + ":" +
                 (j.uid.empty() ? j.created : j.uid);
    }
    return j;
}

void Extractor::Impl::job_audit(const Ctx& x, const std::string& kind, const std::optional<element>& req,
               const std::optional<element>& resp) {
    if (!x.subresource.empty()) return skip("status write of a job");
    const bool creates = x.verb == "create" || (x.verb == "patch" && x.code == 201);
    if (creates) {
        const std::optional<element> obj = is_full_object(resp) ? resp : req;
        if (!obj || !obj->is_object()) return skip("job create without a body (Metadata level)");
        emit(job_row(x, kind, *obj));
        return;
    }
    if ((x.verb != "update" && x.verb != "patch") || !req) return skip("job write that cannot change its queue labels");
    bool any = false;
    for (std::string_view label : {k_queue_label, k_priority_label}) any |= label_change(x, kind, *req, label);
    if (!any) skip("job write that leaves its queue labels alone");
}

bool Extractor::Impl::label_in_request(const Ctx& x, element req, std::string_view label, std::optional<std::string>& value) {
    if (req.is_array()) {  // JSON patch: [{"op":"replace","path":"/metadata/labels/kueue.x-k8s.io~1queue-name",...}]
        std::string escaped = "/metadata/labels/";
        for (char ch : label) escaped += ch == '/' ? std::string("~1") : std::string(1, ch);
        bool touched = false;
        const simdjson::dom::array ops = array_of(req);
        for (element op : ops) {
            if (str(op, "path") != escaped) continue;
            touched = true;
            if (str(op, "op") == "remove") value.reset();
            else if (auto v = child(op, "value")) value = scalar_text(*v);
        }
        return touched;
    }
    auto labels = path(req, {"metadata", "labels"});
    element v;
    if (labels && labels->is_object() && !(*labels)[label].get(v)) {
        if (v.is_null()) value.reset();
        else value = scalar_text(v);
        return true;
    }
    if (x.verb == "update" && child(req, "metadata")) {  // a whole object: absence is removal
        value.reset();
        return true;
    }
    return false;
}

bool Extractor::Impl::label_change(const Ctx& x, const std::string& kind, element req, std::string_view label) {
    std::optional<std::string> now;
    if (!label_in_request(x, req, label, now)) return false;
    const auto before = w.job_label(x.ns, x.name, std::string(label));
    if (!x.refused() && before && *before == now) return false;  // rewritten unchanged
    JobLabelChangeRow r;
    r.line = x.line;
    r.nkey = "joblabel:audit:" + x.key + ":" + std::string(label);
    r.kind = kind;
    r.namespace_ = x.ns;
    r.name = x.name;
    r.uid = x.uid;
    r.label = std::string(label);
    if (before) r.old_value = *before;
    r.new_value = now;
    r.actor = x.actor;
    r.verb = x.verb;
    r.code = x.code;
    r.time = x.time;
    r.ts_us = x.ts_us;
    r.audit_id = x.audit_id;
    emit(r);
    return true;
}

}  // namespace kg::audit::ingest
