// One audit event: its shape, its context (who, when, what), and which rows it gives.
#include "audit/ingest/extractor_impl.h"

namespace kg::audit::ingest {

void Extractor::Impl::audit_event(element ev, std::uint64_t line_no) {
    ++c.events;
    const Outcome before = outcome();
    audit_event_rows(ev, line_no);
    settle(before, "write that yields no evidence row (nothing Kueue records changed)");
}

void Extractor::Impl::audit_event_rows(element ev, std::uint64_t line_no) {
    if (const std::string err = event_shape_error(ev); !err.empty()) {
        ++c.bad;
        bad(line_no, err);
        return;
    }
    Ctx x;
    x.audit = true;
    x.line = line_no;
    x.stage = std::string(str(ev, "stage"));
    if (!x.stage.empty() && x.stage != "ResponseComplete") return skip("stage " + x.stage + " (only ResponseComplete is evidence)");
    x.verb = std::string(str(ev, "verb"));
    if (x.verb == "get" || x.verb == "list" || x.verb == "watch") return skip("read-only verb (get/list/watch)");
    auto ref = child(ev, "objectRef");
    if (!ref) return skip("non-resource request");
    // A dry run is logged like the real write (only the URI tells) and changed nothing.
    if (str(ev, "requestURI").find("dryRun=") != std::string_view::npos) return skip("dry-run request (changes nothing)");
    x.group = std::string(str(ref, "apiGroup"));
    x.resource = std::string(str(ref, "resource"));
    const Classified cl = classify_resource(x.group, x.resource);
    if (cl.target == Target::none) return skip("resource not relevant to Kueue");
    x.subresource = std::string(str(ref, "subresource"));
    x.ns = std::string(str(ref, "namespace"));
    x.name = std::string(str(ref, "name"));
    x.uid = std::string(str(ref, "uid"));
    x.rv = std::string(str(ref, "resourceVersion"));
    x.audit_id = std::string(str(ev, "auditID"));
    x.key = x.audit_id.empty() ? content_key(ev) : x.audit_id;
    x.level = std::string(str(ev, "level"));
    x.request_uri = std::string(str(ev, "requestURI"));
    x.user_agent = std::string(str(ev, "userAgent"));
    auto user = child(ev, "user");
    x.actor.user = std::string(str(user, "username"));
    x.actor.groups_json = groups_json(user);
    x.actor.impersonated = std::string(str(child(ev, "impersonatedUser"), "username"));
    if (auto rs = child(ev, "responseStatus")) x.code = integer(*rs, "code");
    std::string_view when = str(ev, "stageTimestamp");
    if (when.empty()) when = str(ev, "timestamp");
    if (when.empty()) when = str(ev, "requestReceivedTimestamp");
    const auto ts = parse_time_us(when);
    if (!ts) {
        ++c.bad;
        bad(line_no, "expected an RFC 3339 stageTimestamp in the audit event, found \"" + std::string(when) + "\"");
        return;
    }
    x.time = std::string(when);
    x.ts_us = *ts;
    if (auto an = child(ev, "annotations"); an && an->is_object()) {
        x.annotations = *an;
        const simdjson::dom::object annotations = object_of(*an);
        for (auto [k, v] : annotations) {
            std::string_view sv;
            if (k.starts_with("mutation.webhook.admission.k8s.io/") && !v.get_string().get(sv) &&
                sv.find("kueue") != std::string_view::npos)
                x.kueue_mutation = true;
        }
    }
    const std::optional<element> req = child(ev, "requestObject");
    const std::optional<element> resp = child(ev, "responseObject");
    const std::uint64_t before = c.rows_new + c.rows_dup;
    switch (cl.target) {
        case Target::policy:
        case Target::rbac: policy_object(x, cl.kind, req, resp); break;
        case Target::workload: workload_audit(x, req, resp); break;
        case Target::job: job_audit(x, cl.kind, req, resp); break;
        case Target::event: event_audit(x, req, resp); break;
        case Target::namespace_: namespace_audit(x, req, resp); break;
        case Target::none: break;
    }
    if (c.rows_new + c.rows_dup > before) ++(cl.target == Target::namespace_ ? c.context : c.kept);
}

std::optional<element> Extractor::Impl::after_state(const Ctx& x, const std::optional<element>& req,
                                          const std::optional<element>& resp) {
    if (is_full_object(resp)) return resp;
    if ((x.verb == "create" || x.verb == "update") && is_full_object(req)) return req;
    return std::nullopt;
}

void Extractor::Impl::policy_object(const Ctx& x, const std::string& kind, const std::optional<element>& req,
                   const std::optional<element>& resp) {
    if (!x.subresource.empty()) return skip("status write of a queue-policy or RBAC object");
    ObjectVersionRow r;
    r.line = x.line;
    r.nkey = "audit:" + x.key + ":" + x.stage;
    r.origin = "audit";
    r.kind = kind;
    r.namespace_ = x.ns;
    r.name = x.name;
    r.uid = x.uid;
    r.resource_version = x.rv;
    r.verb = x.verb;
    r.code = x.code;
    r.actor = x.actor;
    r.user_agent = x.user_agent;
    r.time = x.time;
    r.ts_us = x.ts_us;
    r.audit_id = x.audit_id;
    r.level = x.level;
    r.request_uri = x.request_uri;
    if (x.annotations) r.annotations_json = json_of(*x.annotations);
    const std::optional<element> after = after_state(x, req, resp);
    if (after) {
        r.object_json = json_of(*after);
        r.content_hash = sha256_hex(*r.object_json);
        auto meta = child(*after, "metadata");
        if (r.name.empty()) r.name = std::string(str(meta, "name"));
        if (r.uid.empty()) r.uid = std::string(str(meta, "uid"));
        if (std::string_view rv = str(meta, "resourceVersion"); !rv.empty()) r.resource_version = std::string(rv);
    }
    if (req && x.verb == "patch") r.request_json = json_of(*req);
    r.body_captured = after.has_value() || req.has_value();
    emit(r);
}

}  // namespace kg::audit::ingest
