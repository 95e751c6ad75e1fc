// EKS: CloudWatch Logs events of the cluster's audit log streams (kube-apiserver-audit-*),
// whose `message` is the API server's audit event, unchanged, as one JSON line. Accepted as
// one record per line (exported or Firehose-landed), `aws logs filter-log-events` output
// {"events":[{"logStreamName","timestamp","message","ingestionTime","eventId"}],...}, a decoded
// subscription-filter payload {"messageType":"DATA_MESSAGE","logEvents":[{"id","timestamp",
// "message"}],...}, and Logs Insights rows with "@message". CloudWatch cuts long lines, so a
// message that is not a whole JSON event is reported as bad, never skipped.
#pragma once

#include "audit/ingest/cloud/cloud.h"

#include <simdjson.h>

namespace kg::audit::ingest::cloud {

/// A batch ("events" or "logEvents" array, or a CONTROL_MESSAGE) or one CloudWatch record.
bool is_cloudwatch(simdjson::dom::element root);

void read_cloudwatch(simdjson::dom::element root, Sink& sink);

}  // namespace kg::audit::ingest::cloud
