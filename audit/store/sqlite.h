// The SQLite door of the store's connection interface (audit/store/connection.h): the only
// file (with sqlite.cpp) that knows the SQLite C API. Errors become model::Fatal with the
// database path and SQLite's own message.
#pragma once

#include "audit/store/connection.h"

#include <memory>
#include <string>

namespace kg::audit::store {

/// Opens (or, unless read_only, creates) the SQLite file `path`. A read-only open of a store in
/// a read-only directory falls back to SQLite's immutable mode (DbImpl::immutable()).
std::unique_ptr<DbImpl> open_sqlite(const std::string& path, bool read_only);

}  // namespace kg::audit::store
