// The chain head as JSON (`audit head`, `audit sign`): the file an auditor keeps outside the
// store and passes back to `audit verify --expect-head`.
#pragma once

#include "audit/head.h"

#include <string>

namespace kg::report {

/// {"sequence":N,"hash":"…","time":"…","schema_sha256":"…"[,"algorithm":…,"public_key":…,"signature":…]}
/// with a final newline; signature fields only when `h.algorithm` is set.
std::string render_head_json(const audit::SignedHead& h);

}  // namespace kg::report
