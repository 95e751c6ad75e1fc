// Kubernetes Event rows (Kueue's own events) and Namespace rows (labels, for selectors).
#include "audit/ingest/extractor_impl.h"

namespace kg::audit::ingest {

bool Extractor::Impl::kueue_event(const K8sEventRow& e, std::string_view regarding_api) {
    return regarding_api.starts_with("kueue.x-k8s.io") || e.reporting_component.find("kueue") != std::string::npos;
}

void Extractor::Impl::event_row(const Ctx& x, element ev) {
    K8sEventRow e;
    e.line = x.line;
    e.origin = x.audit ? "audit" : "export";
    e.audit_id = x.audit_id;
    auto meta = child(ev, "metadata");
    e.namespace_ = std::string(str(meta, "namespace"));
    e.name = std::string(str(meta, "name"));
    auto regarding = child(ev, "regarding");
    if (!regarding) regarding = child(ev, "involvedObject");
    e.regarding_kind = std::string(str(regarding, "kind"));
    e.regarding_namespace = std::string(str(regarding, "namespace"));
    e.regarding_name = std::string(str(regarding, "name"));
    e.regarding_uid = std::string(str(regarding, "uid"));
    e.type = std::string(str(ev, "type"));
    e.reason = std::string(str(ev, "reason"));
    e.message = std::string(str(ev, "message"));
    if (e.message.empty()) e.message = std::string(str(ev, "note"));
    e.reporting_component = std::string(str(ev, "reportingComponent"));
    if (e.reporting_component.empty()) e.reporting_component = std::string(str(ev, "reportingController"));
    if (e.reporting_component.empty()) e.reporting_component = std::string(str(child(ev, "source"), "component"));
    auto series = child(ev, "series");
    e.count = integer(ev, "count");
    if (!e.count && series) e.count = integer(*series, "count");
    std::string_view when = str(ev, "lastTimestamp");
    if (when.empty()) when = str(series, "lastObservedTime");
    if (when.empty()) when = str(ev, "eventTime");
    if (when.empty()) when = str(ev, "firstTimestamp");
    if (when.empty()) when = str(meta, "creationTimestamp");
    if (!kueue_event(e, str(regarding, "apiVersion"))) return skip("event not about Kueue");
    auto ts = parse_time_us(when);
    if (!ts && x.audit) {
        ts = x.ts_us;
        when = x.time;
    }
    if (!ts) return skip("event without a time");
    e.time = std::string(when);
    e.ts_us = *ts;
    e.nkey = "event:" + e.namespace_ + "/" + e.name + ":" + std::to_string(e.count.value_or(1)) + ":" + e.time;
    emit(e);
}

void Extractor::Impl::event_audit(const Ctx& x, const std::optional<element>& req, const std::optional<element>& resp) {
    if (x.refused() || x.verb == "delete" || x.verb == "deletecollection") return skip("event write that records no event");
    if (resp && resp->is_object() && child(*resp, "reason")) return event_row(x, *resp);
    if (req && req->is_object() && child(*req, "reason")) return event_row(x, *req);
    skip("event write without a body");
}

void Extractor::Impl::namespace_row(const Ctx& x, element obj) {
    auto meta = child(obj, "metadata");
    NamespaceRow n;
    n.line = x.line;
    n.origin = x.audit ? "audit" : "export";
    n.name = x.name.empty() ? std::string(str(meta, "name")) : x.name;
    n.uid = std::string(str(meta, "uid"));
    if (auto labels = meta ? child(*meta, "labels") : std::nullopt; labels && labels->is_object())
        n.labels_json = json_of(*labels);
    n.actor = x.actor.user;
    n.time = x.time;
    n.ts_us = x.ts_us;
    n.audit_id = x.audit_id;
    n.nkey = x.audit ? "ns:audit:" + x.key : "ns:export:" + n.name + ":" + sha256_hex(n.labels_json);
    emit(n);
}

void Extractor::Impl::namespace_audit(const Ctx& x, const std::optional<element>& req, const std::optional<element>& resp) {
    if (x.refused() || !x.subresource.empty()) return skip("namespace write that changes no labels");
    if (x.verb == "delete") return skip("namespace delete");
    const auto after = after_state(x, req, resp);
    if (!after) return skip("namespace write without the object (Request level or lower)");
    namespace_row(x, *after);
}

}  // namespace kg::audit::ingest
