// Whether a JSON value is a well-formed audit.k8s.io/v1 Event as kueuegov reads it: the fields
// it uses, with their types (k8s.io/apiserver pkg/apis/audit/v1/types.go). Internal to
// audit/ingest.
#pragma once

#include <simdjson.h>

#include <string>

namespace kg::audit::ingest {

/// "an array", "a string", ...: a JSON value's type, for messages.
const char* type_name(simdjson::dom::element e);
/// Why `ev` is not a well-formed audit event, or "" when it is.
std::string event_shape_error(simdjson::dom::element ev);

}  // namespace kg::audit::ingest
