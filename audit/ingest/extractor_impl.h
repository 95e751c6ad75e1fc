// The extractor's state and steps, shared by the files that implement them: extract.cpp
// (entry points, lines and documents, cloud wrappers), extract_events_audit.cpp (one audit
// event), extract_workloads.cpp, extract_jobs.cpp, extract_events.cpp (Kubernetes events and
// namespaces) and extract_exports.cpp. Internal to audit/ingest.
#pragma once

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

namespace extract_detail {

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
    /// The event's annotations object: serialised only for the rows that store it (object
    /// versions), not for every event (minifying it for each one was 3% of an ingest).
    std::optional<simdjson::dom::element> annotations;
    bool kueue_mutation = false;
    std::string group, resource, ns, name, uid, rv;

    bool refused() const { return code && *code >= 300; }
};

}  // namespace extract_detail

using namespace extract_detail;

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

    void audit_event(element ev, std::uint64_t line_no);

    void audit_event_rows(element ev, std::uint64_t line_no);

    /// The object as it is after the write: the response object when logged, else (create and
    /// update only) the request, which is then the whole object.
    static std::optional<element> after_state(const Ctx& x, const std::optional<element>& req,
                                              const std::optional<element>& resp);

    void policy_object(const Ctx& x, const std::string& kind, const std::optional<element>& req,
                       const std::optional<element>& resp);

    // ---------------------------------------------------------------- workloads

    void step_row(WorkloadEventRow& r, const Ctx& x, std::string_view ns, std::string_view name);

    void workload_audit(const Ctx& x, const std::optional<element>& req, const std::optional<element>& resp);

    void spec_fields(WorkloadEventRow& r, element body);

    static const char* step_of(std::string_view type, bool is_true, std::string_view reason);

    /// One step per condition transition; the natural key is the transition itself (type,
    /// status, reason, lastTransitionTime), so later full-object writes repeating it add nothing.
    bool conditions(const Ctx& x, element body, const std::string& ns_in, const std::string& name_in);

    void assignments(const Ctx& x, element admission, const std::string& ns, const std::string& name,
                     std::int64_t reserved_us, std::string_view ltt);

    // ---------------------------------------------------------------- jobs

    JobRow job_row(const Ctx& x, const std::string& kind, element obj);

    void job_audit(const Ctx& x, const std::string& kind, const std::optional<element>& req,
                   const std::optional<element>& resp);

    /// Whether the request body sets or removes `label`, and the value it leaves.
    static bool label_in_request(const Ctx& x, element req, std::string_view label, std::optional<std::string>& value);

    bool label_change(const Ctx& x, const std::string& kind, element req, std::string_view label);

    // ---------------------------------------------------------------- events and namespaces

    bool kueue_event(const K8sEventRow& e, std::string_view regarding_api);

    void event_row(const Ctx& x, element ev);

    void event_audit(const Ctx& x, const std::optional<element>& req, const std::optional<element>& resp);

    void namespace_row(const Ctx& x, element obj);

    void namespace_audit(const Ctx& x, const std::optional<element>& req, const std::optional<element>& resp);

    // ---------------------------------------------------------------- exports

    void exported_object(element obj, std::uint64_t line_no);

    void exported_object_rows(element obj, std::uint64_t line_no);
};

}  // namespace kg::audit::ingest
