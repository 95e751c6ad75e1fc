#include "audit/ingest/extract.h"

#include "audit/ingest/classify.h"
#include "audit/ingest/cloud/cloud.h"
#include "audit/ingest/event_shape.h"
#include "audit/ingest/json_access.h"
#include "audit/sha256.h"
#include "model/quantity.h"
#include "model/time.h"
#include "sim/preemption_message.h"

#include <simdjson.h>

#include <charconv>
#include <string>
#include <vector>

namespace kg::audit::ingest {

using simdjson::dom::element;
using namespace json;

namespace {

constexpr std::string_view k_queue_label = "kueue.x-k8s.io/queue-name";
constexpr std::string_view k_priority_label = "kueue.x-k8s.io/priority-class";

// ------------------------------------------------------------------------ context of one event

struct Ctx {
    bool audit = false;
    std::uint64_t line = 0;
    std::string audit_id, stage, verb, level, request_uri, user_agent, subresource;
    /// What makes this event's rows unique: its auditID, or for an event without one a digest
    /// of its whole content (see content_key()).
    std::string key;
    Actor actor;
    std::optional<std::int64_t> code;
    std::string time;
    std::int64_t ts_us = 0;
    std::string annotations_json;
    bool kueue_mutation = false;
    std::string group, resource, ns, name, uid, rv;

    bool refused() const { return code && *code >= 300; }
};

}  // namespace

std::optional<std::int64_t> parse_time_us(std::string_view text) {
    const auto secs = model::parse_rfc3339(text);
    if (!secs) return std::nullopt;
    std::int64_t frac = 0;
    const auto t = text.find('T');
    const auto dot = text.find('.', t == std::string_view::npos ? 0 : t);
    if (dot != std::string_view::npos) {
        int digits = 0;
        for (std::size_t i = dot + 1; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
            if (digits < 6) {
                frac = frac * 10 + (text[i] - '0');
                ++digits;
            }
        }
        for (; digits < 6; ++digits) frac *= 10;
    }
    return *secs * 1'000'000 + frac;
}

struct Extractor::Impl {
    BatchWriter& w;
    Counts& c;
    std::string source;
    std::ostream& diag;
    std::int64_t as_of_us;
    std::string as_of_text;
    simdjson::dom::parser parser;
    simdjson::dom::parser doc_parser;  ///< documents may nest an EventList inside a line
    simdjson::dom::parser inner_parser;  ///< events carried as a string inside a cloud wrapper
    std::string padded, inner_padded;
    std::uint64_t rows_before = 0;

    Impl(BatchWriter& writer, Counts& counts, std::string src, std::ostream& d, std::int64_t as_of)
        : w(writer), c(counts), source(std::move(src)), diag(d), as_of_us(as_of),
          as_of_text(model::format_rfc3339(as_of / 1'000'000)) {}

    template <typename Row>
    void emit(const Row& r) {
        if (w.add(r))
            ++c.rows_new;
        else
            ++c.rows_dup;
    }

    void skip(const std::string& reason) {
        ++c.skipped[reason];
        ++skips;
    }

    /// Every event read ends as exactly one of kept, context, skipped (by reason) or bad, so the
    /// summary adds up; settle() files an event that ended as none of them under `reason`.
    struct Outcome {
        std::uint64_t kept, context, skips, bad;
    };
    std::uint64_t skips = 0;
    Outcome outcome() const { return {c.kept, c.context, skips, c.bad}; }
    void settle(const Outcome& before, const char* reason) {
        const Outcome now = outcome();
        if (now.kept == before.kept && now.context == before.context && now.skips == before.skips &&
            now.bad == before.bad)
            skip(reason);
    }

    /// The key of an event without an auditID: sha256 of its compact JSON, so every field takes
    /// part (two such events are one only when they are identical). Documented in
    /// man/kueuegov-audit.1.
    static std::string content_key(element ev) { return "sha256:" + sha256_hex(json_of(ev)); }

    void bad(std::uint64_t line_no, std::string_view message) {
        diag << source << ":" << line_no << ": " << message << "\n";
    }

    // ---------------------------------------------------------------- entry points

    void value(element root, std::uint64_t line_no) {
        const std::string_view kind = str(root, "kind");
        const std::string_view api = str(root, "apiVersion");
        // v1beta1 captures may lack apiVersion and events may lack auditID: stage and verb
        // together still say "audit event" (a Kubernetes object has neither).
        const bool audit_shape = api.starts_with("audit.k8s.io") || raw_child(root, "auditID").has_value() ||
                                 (raw_child(root, "stage").has_value() && raw_child(root, "verb").has_value());
        if (kind == "EventList" || (root.is_array())) {
            std::optional<element> list = root;
            if (!root.is_array()) list = child(root, "items");
            if (!list || !list->is_array()) {
                ++c.events;
                ++c.bad;
                bad(line_no, "expected an EventList with an \"items\" array, found none");
                return;
            }
            const simdjson::dom::array items = array_of(*list);
            for (element item : items) value(item, line_no);
            return;
        }
        if (audit_shape) {
            audit_event(root, line_no);
            return;
        }
        CloudSink sink{*this, line_no};
        if (cloud::unwrap(root, sink)) return;
        exported_object(root, line_no);
    }

    // ---------------------------------------------------------------- cloud wrappers

    /// Takes what the cloud readers found in one record: the event goes through audit_event
    /// like a line of a plain log; a broken record is bad, reported at the wrapper's line.
    struct CloudSink final : cloud::Sink {
        Impl& m;
        std::uint64_t line;
        CloudSink(Impl& impl, std::uint64_t l) : m(impl), line(l) {}
        void event_text(std::string_view json) override { m.wrapped_text(json, line); }
        void event(element ev) override { m.wrapped_event(ev, line); }
        void skip(const std::string& reason) override {
            ++m.c.events;
            m.skip(reason);
        }
        void bad(const std::string& message) override {
            ++m.c.events;
            ++m.c.bad;
            m.bad(line, message);
        }
    };

    void wrapped_event(element ev, std::uint64_t line_no) {
        if (!ev.is_object() || (!str(ev, "apiVersion").starts_with("audit.k8s.io") && !child(ev, "auditID"))) {
            ++c.events;
            ++c.bad;
            bad(line_no, "expected an audit.k8s.io Event inside the cloud log record, found another object");
            return;
        }
        audit_event(ev, line_no);
    }

    void wrapped_text(std::string_view json, std::uint64_t line_no) {
        inner_padded.assign(json);
        inner_padded.append(simdjson::SIMDJSON_PADDING, '\0');
        element ev;
        if (auto err = inner_parser.parse(inner_padded.data(), json.size(), false).get(ev)) {
            ++c.events;
            ++c.bad;
            bad(line_no, std::string("expected the audit event inside the cloud log record to be JSON, found ") +
                             simdjson::error_message(err) + " (a message cut by the log service?)");
            return;
        }
        wrapped_event(ev, line_no);
    }

    // ---------------------------------------------------------------- audit events

    void audit_event(element ev, std::uint64_t line_no) {
        ++c.events;
        const Outcome before = outcome();
        audit_event_rows(ev, line_no);
        settle(before, "write that yields no evidence row (nothing Kueue records changed)");
    }

    void audit_event_rows(element ev, std::uint64_t line_no) {
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
            x.annotations_json = json_of(*an);
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
            case Target::policy: policy_object(x, cl.kind, req, resp); break;
            case Target::workload: workload_audit(x, req, resp); break;
            case Target::job: job_audit(x, cl.kind, req, resp); break;
            case Target::event: event_audit(x, req, resp); break;
            case Target::namespace_: namespace_audit(x, req, resp); break;
            case Target::none: break;
        }
        if (c.rows_new + c.rows_dup > before) ++(cl.target == Target::namespace_ ? c.context : c.kept);
    }

    /// The object as it is after the write: the response object when logged, else (create and
    /// update only) the request, which is then the whole object.
    static std::optional<element> after_state(const Ctx& x, const std::optional<element>& req,
                                              const std::optional<element>& resp) {
        if (is_full_object(resp)) return resp;
        if ((x.verb == "create" || x.verb == "update") && is_full_object(req)) return req;
        return std::nullopt;
    }

    void policy_object(const Ctx& x, const std::string& kind, const std::optional<element>& req,
                       const std::optional<element>& resp) {
        if (!x.subresource.empty()) return skip("status write of a queue-policy object");
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
        r.annotations_json = x.annotations_json;
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

    // ---------------------------------------------------------------- workloads

    void step_row(WorkloadEventRow& r, const Ctx& x, std::string_view ns, std::string_view name) {
        r.line = x.line;
        r.origin = x.audit ? "audit" : "export";
        r.namespace_ = std::string(ns);
        r.name = std::string(name);
        r.audit_id = x.audit_id;
        if (x.audit) r.actor = x.actor.user;
    }

    void workload_audit(const Ctx& x, const std::optional<element>& req, const std::optional<element>& resp) {
        if (x.refused()) return skip("refused write to a Workload");
        const std::optional<element> after = after_state(x, req, resp);
        const std::optional<element> body = after ? after : req;
        std::string ns = x.ns, name = x.name;
        if (name.empty() && body) name = std::string(str(child(*body, "metadata"), "name"));
        bool any = false;
        if (x.subresource.empty() && (x.verb == "create" || (x.verb == "patch" && x.code == 201))) {
            WorkloadEventRow r;
            step_row(r, x, ns, name);
            r.nkey = "wl:" + ns + "/" + name + ":created";
            r.step = "created";
            r.time = x.time;
            r.ts_us = x.ts_us;
            r.uid = after ? std::string(str(child(*after, "metadata"), "uid")) : x.uid;
            if (body) spec_fields(r, *body);
            emit(r);
            any = true;
        }
        if (x.subresource.empty() && x.verb == "delete") {
            WorkloadEventRow r;
            step_row(r, x, ns, name);
            r.nkey = "wl:" + ns + "/" + name + ":deleted:" + x.key;
            r.step = "deleted";
            r.time = x.time;
            r.ts_us = x.ts_us;
            r.uid = x.uid;
            emit(r);
            return;
        }
        if (x.subresource.empty() && req && (x.verb == "patch" || x.verb == "update")) {
            bool active = true;
            // Only a change of spec.active is a step: Kueue's own updates carry the whole spec.
            if (auto a = path(*req, {"spec", "active"});
                a && !a->get_bool().get(active) &&
                (w.last_activation_step(ns, name) == "deactivated") == active) {
                WorkloadEventRow r;
                step_row(r, x, ns, name);
                r.step = active ? "reactivated" : "deactivated";
                r.nkey = "wl:" + ns + "/" + name + ":" + r.step + ":" + x.key;
                r.time = x.time;
                r.ts_us = x.ts_us;
                r.uid = x.uid;
                emit(r);
                any = true;
            }
        }
        // Conditions: the full object after the write when logged, else the applied status.
        const std::optional<element> cond_body = is_full_object(resp) ? resp : req;
        if (cond_body && cond_body->is_object()) any |= conditions(x, *cond_body, ns, name);
        if (!any && !body) skip("Workload write without a body (Metadata level)");
    }

    void spec_fields(WorkloadEventRow& r, element body) {
        if (auto spec = child(body, "spec")) {
            r.local_queue = std::string(str(*spec, "queueName"));
            r.priority = integer(*spec, "priority");
        }
    }

    static const char* step_of(std::string_view type, bool is_true, std::string_view reason) {
        if (type == "QuotaReserved") return is_true ? "quota_reserved" : "pending";
        if (!is_true) return nullptr;
        if (type == "Admitted") return "admitted";
        if (type == "PodsReady") return "pods_ready";
        if (type == "Evicted") return "evicted";
        if (type == "Preempted") return "preempted";
        if (type == "Requeued") return reason == "Reactivated" ? "reactivated" : "requeued";
        if (type == "Finished") return "finished";
        return nullptr;
    }

    /// One step per condition transition; the natural key is the transition itself (type,
    /// status, reason, lastTransitionTime), so later full-object writes repeating it add nothing.
    bool conditions(const Ctx& x, element body, const std::string& ns_in, const std::string& name_in) {
        auto conds = path(body, {"status", "conditions"});
        if (!conds || !conds->is_array()) return false;
        auto meta = child(body, "metadata");
        const std::string ns = ns_in.empty() ? std::string(str(meta, "namespace")) : ns_in;
        const std::string name = name_in.empty() ? std::string(str(meta, "name")) : name_in;
        const std::string uid = std::string(str(meta, "uid"));
        const auto admission = path(body, {"status", "admission"});
        bool any = false;
        const simdjson::dom::array list = array_of(*conds);
        for (element cond : list) {
            const std::string_view type = str(cond, "type"), status = str(cond, "status"), reason = str(cond, "reason");
            const char* step = step_of(type, status == "True", reason);
            if (step == nullptr) continue;
            const std::string_view ltt = str(cond, "lastTransitionTime");
            std::optional<std::int64_t> ts = parse_time_us(ltt);
            if (ts && x.audit && *ts / 1'000'000 == x.ts_us / 1'000'000) ts = x.ts_us;  // same second: keep µs
            if (!ts && x.audit) ts = x.ts_us;
            if (!ts) continue;
            WorkloadEventRow r;
            step_row(r, x, ns, name);
            r.uid = uid.empty() ? x.uid : uid;
            r.step = step;
            r.reason = std::string(reason);
            r.message = std::string(str(cond, "message"));
            r.ts_us = *ts;
            r.time = ltt.empty() ? x.time : std::string(ltt);
            r.nkey = "wl:" + ns + "/" + name + ":" + std::string(type) + "=" + std::string(status) + ":" +
                     std::string(reason) + ":" + (ltt.empty() ? x.time : std::string(ltt));
            spec_fields(r, body);
            if (admission) r.cluster_queue = std::string(str(*admission, "clusterQueue"));
            if (r.step == "evicted" || r.step == "preempted") {
                // Kueue's message, read by the one parser beside its formatter (R7.9).
                if (auto m = sim::parse_preemption_message(r.message)) {
                    r.preemptor_uid = std::move(m->preemptor_uid);
                    r.preemptor_path = std::move(m->preemptor_path);
                }
            }
            emit(r);
            any = true;
            if (r.step == "quota_reserved" && admission) assignments(x, *admission, ns, name, r.ts_us, ltt);
        }
        return any;
    }

    void assignments(const Ctx& x, element admission, const std::string& ns, const std::string& name,
                     std::int64_t reserved_us, std::string_view ltt) {
        const std::string cq(str(admission, "clusterQueue"));
        auto psas = child(admission, "podSetAssignments");
        if (!psas || !psas->is_array()) return;
        const simdjson::dom::array list = array_of(*psas);
        for (element psa : list) {
            const std::string podset(str(psa, "name"));
            auto flavors = child(psa, "flavors");
            auto usage = child(psa, "resourceUsage");
            if (!usage || !usage->is_object()) continue;
            const simdjson::dom::object usage_map = object_of(*usage);
            for (auto [res, qty] : usage_map) {
                WorkloadAssignmentRow a;
                a.line = x.line;
                a.namespace_ = ns;
                a.name = name;
                a.reserved_ts_us = reserved_us;
                a.cluster_queue = cq;
                a.podset = podset;
                a.count = integer(psa, "count");
                a.resource = std::string(res);
                a.flavor = flavors ? std::string(str(*flavors, res)) : std::string();
                a.quantity = scalar_text(qty);
                auto q = model::Quantity::parse(a.quantity);
                if (!q) {
                    bad(x.line, "expected a quantity in status.admission.podSetAssignments[" + podset + "].resourceUsage." +
                                    a.resource + ", found \"" + a.quantity + "\"");
                    ++c.bad_values;
                    continue;
                }
                a.milli = q->milli_value();
                a.nkey = "wl:" + ns + "/" + name + ":assign:" + std::string(ltt.empty() ? x.time : ltt) + ":" + podset +
                         ":" + a.resource;
                emit(a);
            }
        }
    }

    // ---------------------------------------------------------------- jobs

    JobRow job_row(const Ctx& x, const std::string& kind, element obj) {
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

    void job_audit(const Ctx& x, const std::string& kind, const std::optional<element>& req,
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

    /// Whether the request body sets or removes `label`, and the value it leaves.
    static bool label_in_request(const Ctx& x, element req, std::string_view label, std::optional<std::string>& value) {
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

    bool label_change(const Ctx& x, const std::string& kind, element req, std::string_view label) {
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

    // ---------------------------------------------------------------- events and namespaces

    bool kueue_event(const K8sEventRow& e, std::string_view regarding_api) {
        return regarding_api.starts_with("kueue.x-k8s.io") || e.reporting_component.find("kueue") != std::string::npos;
    }

    void event_row(const Ctx& x, element ev) {
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

    void event_audit(const Ctx& x, const std::optional<element>& req, const std::optional<element>& resp) {
        if (x.refused() || x.verb == "delete" || x.verb == "deletecollection") return skip("event write that records no event");
        if (resp && resp->is_object() && child(*resp, "reason")) return event_row(x, *resp);
        if (req && req->is_object() && child(*req, "reason")) return event_row(x, *req);
        skip("event write without a body");
    }

    void namespace_row(const Ctx& x, element obj) {
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

    void namespace_audit(const Ctx& x, const std::optional<element>& req, const std::optional<element>& resp) {
        if (x.refused() || !x.subresource.empty()) return skip("namespace write that changes no labels");
        if (x.verb == "delete") return skip("namespace delete");
        const auto after = after_state(x, req, resp);
        if (!after) return skip("namespace write without the object (Request level or lower)");
        namespace_row(x, *after);
    }

    // ---------------------------------------------------------------- exports

    void exported_object(element obj, std::uint64_t line_no) {
        ++c.events;
        const Outcome before = outcome();
        exported_object_rows(obj, line_no);
        settle(before, "object that yields no evidence row");
    }

    void exported_object_rows(element obj, std::uint64_t line_no) {
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
            case Target::policy: {
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
};

Extractor::Extractor(BatchWriter& writer, Counts& counts, std::string source, std::ostream& diag, std::int64_t as_of_us)
    : m(std::make_unique<Impl>(writer, counts, std::move(source), diag, as_of_us)) {}

Extractor::~Extractor() = default;

void Extractor::bad(std::uint64_t line_no, std::string_view message) { m->bad(line_no, message); }

void Extractor::skip(const char* reason) { m->skip(reason); }

void Extractor::skipped_line(std::string_view text, std::uint64_t line_no, const char* reason) {
    // The pre-filter read a few raw substrings only: the line must still be a well-formed event
    // (or object) to be counted as skipped, else it is a bad line like any other.
    element root;
    if (m->parser.parse(text.data(), text.size(), false).get(root) || !root.is_object()) {
        line(text, line_no);  // reports it as bad
        return;
    }
    const std::string_view kind = str(root, "kind");
    const bool audit_shape = str(root, "apiVersion").starts_with("audit.k8s.io") || raw_child(root, "auditID") ||
                             (raw_child(root, "stage") && raw_child(root, "verb"));
    if (!audit_shape && (kind.empty() || str(root, "apiVersion").empty())) {
        // Neither an event nor an object: a cloud wrapper (GKE, EKS, AKS record) whose event
        // the full reader unwraps and counts, or a bad line, which it reports.
        line(text, line_no);
        return;
    }
    ++m->c.events;
    std::string err;
    if (audit_shape) err = event_shape_error(root);
    if (!err.empty()) {
        ++m->c.bad;
        bad(line_no, err);
        return;
    }
    m->skip(reason);
}

namespace {

std::string_view excerpt(std::string_view text) {
    return text.size() > 60 ? text.substr(0, 60) : text;
}

}  // namespace

void Extractor::line(std::string_view text, std::uint64_t line_no) {
    element root;
    const auto err = m->parser.parse(text.data(), text.size(), false).get(root);
    if (err) {
        ++m->c.events;
        ++m->c.bad;
        const bool cut = err == simdjson::TAPE_ERROR || err == simdjson::UNCLOSED_STRING || err == simdjson::INCOMPLETE_ARRAY_OR_OBJECT;
        bad(line_no, std::string("expected one JSON audit event per line, found ") +
                         (cut ? "a truncated or malformed object" : simdjson::error_message(err)) + " (\"" +
                         std::string(excerpt(text)) + (text.size() > 60 ? "...\")" : "\")"));
        return;
    }
    if (!root.is_object() && !root.is_array()) {
        ++m->c.events;
        ++m->c.bad;
        bad(line_no, "expected a JSON object (an audit event), found a scalar");
        return;
    }
    m->value(root, line_no);
}

void Extractor::document(std::string_view json, std::uint64_t line_no) {
    m->padded.assign(json);
    m->padded.append(simdjson::SIMDJSON_PADDING, '\0');
    element root;
    if (auto err = m->doc_parser.parse(m->padded.data(), json.size(), false).get(root)) {
        ++m->c.events;
        ++m->c.bad;
        bad(line_no, std::string("expected a JSON object, found: ") + simdjson::error_message(err));
        return;
    }
    m->value(root, line_no);
}

}  // namespace kg::audit::ingest
