// GKE: a Cloud Logging LogEntry whose protoPayload is a google.cloud.audit.AuditLog written by
// the Kubernetes API server (serviceName "k8s.io"), mapped back to the audit.k8s.io/v1 Event the
// extractor reads, as the Falco k8saudit-gke plugin does (plugins/k8saudit-gke/pkg/k8sauditgke/
// convert.go): verb = last segment of methodName; objectRef parsed from resourceName
// ("<group or core>/<version>/[namespaces/<ns>/]<resource>[/<name>[/<subresource>]]");
// user.username = authenticationInfo.principalEmail (GKE logs no groups); auditID = insertId
// (operation.id when absent); stage ResponseComplete (Cloud Logging keeps completed requests
// only); both timestamps = the entry's timestamp; annotations = the entry's labels;
// request/response bodies without Cloud Logging's "@type"; responseStatus.code from the
// google.rpc code in protoPayload.status (0 = OK: 201 for create, else 200). The level is not
// logged: RequestResponse with a response, Request with a request body, else Metadata.
#pragma once

#include "audit/ingest/cloud/cloud.h"

#include <simdjson.h>

namespace kg::audit::ingest::cloud {

/// Whether `root` is a LogEntry with an AuditLog protoPayload (detected by content: a
/// protoPayload object whose "@type" names AuditLog, or that has methodName and serviceName).
bool is_gke_log_entry(simdjson::dom::element root);

/// Hands the rebuilt event (or a skip or bad reason) to `sink`.
void read_gke_log_entry(simdjson::dom::element entry, Sink& sink);

}  // namespace kg::audit::ingest::cloud
