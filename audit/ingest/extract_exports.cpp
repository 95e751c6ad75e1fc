// Exported objects (kubectl get -o yaml|json): the rows an export gives, as of its time.
#include "audit/ingest/extractor_impl.h"

namespace kg::audit::ingest {

void Extractor::Impl::exported_object(element obj, std::uint64_t line_no) {
    ++c.events;
    const Outcome before = outcome();
    exported_object_rows(obj, line_no);
    settle(before, "object that yields no evidence row");
}

void Extractor::Impl::exported_object_rows(element obj, std::uint64_t line_no) {
    const std::string_view kind = str(obj, "kind"), api = str(obj, "apiVersion");
    const Classified cl = classify_kind(api, kind);
    if (cl.target == Target::none)
    {
        if (kind.empty() || api.empty()) {
            ++c.bad;
            bad(line_no, std::string("expected an audit event (auditID, stage, verb) or a Kubernetes object (apiVersion and "
                                     "kind), found ") + (obj.is_object() ? "an object with neither" : type_name(obj)));
            return;
        }
        return skip("object of a kind Kueue evidence does not use (" + std::string(kind) + ")");
    }
    Ctx x;
    x.line = line_no;
    x.time = as_of_text;
    x.ts_us = as_of_us;
    auto meta = child(obj, "metadata");
    const std::uint64_t before = c.rows_new + c.rows_dup;
    switch (cl.target) {
        case Target::policy:
        case Target::rbac: {
            ObjectVersionRow r;
            r.line = line_no;
            r.origin = "export";
            r.kind = cl.kind;
            r.namespace_ = std::string(str(meta, "namespace"));
            r.name = std::string(str(meta, "name"));
            r.uid = std::string(str(meta, "uid"));
            r.resource_version = std::string(str(meta, "resourceVersion"));
            r.verb = "snapshot";
            r.time = x.time;
            r.ts_us = x.ts_us;
            r.body_captured = true;
            r.object_json = json_of(obj);
            r.content_hash = sha256_hex(*r.object_json);
            r.nkey = "export:" + r.kind + ":" + r.namespace_ + "/" + r.name + ":" +
                     (r.uid.empty() || r.resource_version.empty() ? r.content_hash : r.uid + ":" + r.resource_version);
            emit(r);
            break;
        }
        case Target::workload: {
            const std::string ns(str(meta, "namespace")), name(str(meta, "name"));
            if (auto created = parse_time_us(str(meta, "creationTimestamp"))) {
                WorkloadEventRow r;
                step_row(r, x, ns, name);
                r.nkey = "wl:" + ns + "/" + name + ":created";
                r.step = "created";
                r.time = std::string(str(meta, "creationTimestamp"));
                r.ts_us = *created;
                r.uid = std::string(str(meta, "uid"));
                spec_fields(r, obj);
                emit(r);
            }
            conditions(x, obj, ns, name);
            break;
        }
        case Target::job: emit(job_row(x, cl.kind, obj)); break;
        case Target::event: event_row(x, obj); break;
        case Target::namespace_: namespace_row(x, obj); break;
        case Target::none: break;
    }
    if (c.rows_new + c.rows_dup > before) ++(cl.target == Target::namespace_ ? c.context : c.kept);
}

}  // namespace kg::audit::ingest
