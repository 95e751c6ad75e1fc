// Audit events as the managed clouds deliver them (audit-evidence.md section 1.8), recognised by
// their content, never by file name or flag:
//   GKE  Cloud Logging LogEntry whose protoPayload is an AuditLog (serviceName k8s.io): one per
//        line from a log sink, or a JSON array from `gcloud logging read --format=json`;
//   EKS  CloudWatch Logs events whose `message` is the audit event's JSON line: one record per
//        line, `aws logs filter-log-events` output {"events":[...]}, or a subscription payload
//        {"messageType":"DATA_MESSAGE","logEvents":[...]};
//   AKS  Azure diagnostic records of category kube-audit / kube-audit-admin whose
//        properties.log is the event (a JSON string, or an object): one per line or
//        {"records":[...]} as Event Hubs and storage exports write them.
// Each reader hands the plain audit event to the same extractor as a plain audit log, so the
// same logical event gives the same evidence whichever wrapper carried it.
#pragma once

#include <simdjson.h>

#include <string>
#include <string_view>

namespace kg::audit::ingest::cloud {

/// Where a reader puts what it found in one record. Every record ends in exactly one call.
class Sink {
public:
    virtual ~Sink() = default;
    /// An audit.k8s.io Event as JSON text (a CloudWatch message, an AKS log string, or the
    /// event rebuilt from a GKE LogEntry).
    virtual void event_text(std::string_view json) = 0;
    /// An audit Event that is already a parsed object (AKS properties.log given as an object).
    virtual void event(simdjson::dom::element ev) = 0;
    /// A well-formed record that carries no audit event (another log category, a control
    /// message, a non-Kubernetes audit entry): counted as skipped with the reason.
    virtual void skip(const std::string& reason) = 0;
    /// A record of the wrapper's shape that is broken: counted as bad and reported.
    virtual void bad(const std::string& message) = 0;
};

/// When `root` is one of the wrappers above (a record, or a batch of them), hands each record's
/// event to `sink` and returns true; returns false for anything else (a plain audit event,
/// an EventList, an exported object).
bool unwrap(simdjson::dom::element root, Sink& sink);

}  // namespace kg::audit::ingest::cloud
