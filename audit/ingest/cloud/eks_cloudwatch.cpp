#include "audit/ingest/cloud/eks_cloudwatch.h"

#include "audit/ingest/cloud/json_util.h"

namespace kg::audit::ingest::cloud {

namespace {

std::optional<element> batch_of(element root) {
    for (const char* key : {"events", "logEvents"})
        if (auto a = field(root, key); a && a->is_array()) return a;
    return std::nullopt;
}

/// One CloudWatch log event: a "message" (or Logs Insights "@message") beside the record's own
/// fields; a Kubernetes core Event also has a message, but has kind and apiVersion.
bool is_record(element e) {
    if (!e.is_object() || has(e, "kind") || has(e, "apiVersion")) return false;
    if (!has(e, "message") && !has(e, "@message")) return false;
    return has(e, "logStreamName") || has(e, "eventId") || has(e, "ingestionTime") || has(e, "id") ||
           has(e, "timestamp") || has(e, "@timestamp") || has(e, "@logStream");
}

void read_record(element rec, Sink& sink) {
    if (!rec.is_object()) return sink.bad("expected a CloudWatch log event object in the batch");
    std::optional<std::string_view> msg = string_field(rec, "message");
    if (!msg) msg = string_field(rec, "@message");
    if (!msg) return sink.bad("expected the CloudWatch log event's message as a string (the audit event's JSON line)");
    std::string_view m = *msg;
    while (!m.empty() && (m.front() == ' ' || m.front() == '\t')) m.remove_prefix(1);
    if (m.empty() || m.front() != '{')
        return sink.bad("expected the CloudWatch message to be an audit event as JSON, found \"" +
                        std::string(m.substr(0, 60)) + (m.size() > 60 ? "...\"" : "\""));
    sink.event_text(m);
}

}  // namespace

bool is_cloudwatch(element root) {
    if (!root.is_object()) return false;
    if (auto type = string_field(root, "messageType"); type && (*type == "CONTROL_MESSAGE" || *type == "DATA_MESSAGE"))
        return true;
    if (const auto a = batch_of(root)) {
        // {"events":[...]} names nothing else of its own: look at the first record.
        simdjson::dom::array arr;
        if (a->get_array().get(arr)) return false;
        for (element first : arr) return is_record(first);
        return has(root, "searchedLogStreams") || has(root, "nextToken") || has(root, "logGroup");
    }
    return is_record(root);
}

void read_cloudwatch(element root, Sink& sink) {
    if (auto type = string_field(root, "messageType"); type && *type == "CONTROL_MESSAGE")
        return sink.skip("CloudWatch subscription control message (no log events)");
    if (const auto a = batch_of(root)) {
        simdjson::dom::array arr;
        if (a->get_array().get(arr)) return;
        for (element rec : arr) read_record(rec, sink);
        return;
    }
    read_record(root, sink);
}

}  // namespace kg::audit::ingest::cloud
