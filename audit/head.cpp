#include "audit/head.h"

#include <simdjson.h>

#include <algorithm>


namespace kg::audit {

ChainHead head_of(const ChainVerification& v) {
    ChainHead h;
    h.sequence = static_cast<std::int64_t>(v.chain.size());
    h.hash = v.head;
    h.time = v.head_time;
    h.schema_sha256 = v.schema_sha256;
    return h;
}

std::string head_message(const ChainHead& h) {
    return "kueuegov-head-v1\nsequence=" + std::to_string(h.sequence) + "\nhash=" + h.hash + "\ntime=" + h.time +
           "\nschema_sha256=" + h.schema_sha256 + "\n";
}

namespace {

bool is_hex64(const std::string& s) {
    if (s.size() != 64) return false;
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

std::string text_field(simdjson::dom::element e, const char* key) {
    std::string_view v;
    if (e[key].get_string().get(v)) return {};
    return std::string(v);
}

}  // namespace

model::Result<SignedHead> read_expected_head(const std::string& arg, const model::LoadOptions& opt) {
    SignedHead out;
    if (is_hex64(arg)) {
        out.head.hash = arg;
        return out;
    }
    auto read = model::read_limited(arg, opt);
    if (!read)
        return model::make_error("--expect-head " + arg + ": expected a 64-hex chain hash or a file written by "
                                 "`kueuegov audit head`/`audit sign`, found neither (cannot read the file: " +
                                 read.error().message + ")");
    const std::string& text = *read;
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    if (auto err = parser.parse(text).get(root); err || !root.is_object())
        return model::make_error(arg + ":1:1: expected the JSON object written by `kueuegov audit head`, found " +
                                 (err ? std::string(simdjson::error_message(err)) : std::string("another JSON value")));
    std::int64_t seq = 0;
    if (root["sequence"].get_int64().get(seq) || seq < 0)
        return model::make_error(arg + ": expected \"sequence\" (a non-negative integer) in the head file");
    out.head.sequence = seq;
    out.head.hash = text_field(root, "hash");
    out.head.time = text_field(root, "time");
    out.head.schema_sha256 = text_field(root, "schema_sha256");
    if (seq > 0 && !is_hex64(out.head.hash))
        return model::make_error(arg + ": expected \"hash\" (64 hex digits) in the head file, found \"" +
                                 out.head.hash + "\"");
    out.algorithm = text_field(root, "algorithm");
    out.public_key = text_field(root, "public_key");
    out.signature = text_field(root, "signature");
    return out;
}

HeadCheck check_expected_head(const ChainVerification& v, const ChainHead& want) {
    HeadCheck out;
    const auto have = static_cast<std::int64_t>(v.chain.size());
    if (want.sequence == 0 && want.hash.empty()) {
        out.appended = have;
        return out;
    }
    std::int64_t at = want.sequence;
    if (at == 0) {  // a bare hash: wherever it is
        for (std::int64_t i = 0; i < have && at == 0; ++i)
            if (v.chain[static_cast<std::size_t>(i)] == want.hash) at = i + 1;
        if (at == 0) {
            out.problems.push_back("expected head " + want.hash + " is not in the chain of " + std::to_string(have) +
                                   " batches: the store was rewritten or cut since that head was recorded");
            return out;
        }
    } else if (have < at) {
        out.problems.push_back("the chain holds " + std::to_string(have) + " batches, the expected head is batch " +
                               std::to_string(at) + " (" + want.hash +
                               "): batches were removed since (tail truncation, or the store was emptied)");
        return out;
    } else if (v.chain[static_cast<std::size_t>(at - 1)] != want.hash) {
        out.problems.push_back("batch " + std::to_string(at) + " has hash " + v.chain[static_cast<std::size_t>(at - 1)] +
                               ", the expected head says " + want.hash +
                               ": the chain was rewritten (recomputed) since that head was recorded");
        return out;
    }
    out.appended = have - at;
    if (want.schema_sha256.empty() || want.schema_sha256 == v.schema_sha256) return out;
    // A migration changes the digest without a batch (it appends none): when the schema is exactly
    // the one this binary creates, the head still matches and the caller says it was migrated.
    // verify() reports every difference from that schema as a "schema: " problem.
    const bool schema_current = std::none_of(v.problems.begin(), v.problems.end(),
                                             [](const std::string& p) { return p.starts_with("schema: "); });
    if (schema_current)
        out.schema_migrated = true;
    else if (out.appended == 0)
        out.problems.push_back("the schema digest is " + v.schema_sha256 + ", the expected head says " +
                               want.schema_sha256 + ": tables, views, indexes, triggers or migrations changed since");
    return out;
}

}  // namespace kg::audit
