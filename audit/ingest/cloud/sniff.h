// For the line pre-filter (audit/ingest/prefilter.h): whether a raw line may be a cloud
// wrapper (cloud.h), whose audit event is nested (GKE protoPayload) or escaped inside a string
// (EKS message, AKS properties.log) where the plain pre-filter's memmem cannot see its
// objectRef. Such lines are parsed and the readers decide; the test is a few memmem calls.
#pragma once

#include <cstring>
#include <string_view>

namespace kg::audit::ingest::cloud {

inline bool may_be_wrapper(std::string_view line) {
    auto contains = [&](const char* needle) {
        return ::memmem(line.data(), line.size(), needle, std::strlen(needle)) != nullptr;
    };
    return contains("\"protoPayload\"") || contains("\"logEvents\"") || contains("\"messageType\"") ||
           contains("\"message\":\"{") || contains("\"message\": \"{") || contains("\"@message\"") || contains("\"logStreamName\"") || contains("\"ingestionTime\"") ||
           contains("\"properties\":{") || contains("\"properties\": {") || contains("\"records\"");
}

}  // namespace kg::audit::ingest::cloud
