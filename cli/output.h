// Where verbs write: standard output is checked once at exit, files are written whole or not
// at all, and everything on stderr passes through escape_terminal (it quotes the input).
#pragma once

#include <functional>
#include <ostream>
#include <string>

namespace kg::cli {

/// Routes std::cerr through report::TerminalSafeBuf for the rest of the process, so no message
/// can carry a live escape sequence from the input. Called once by main.
void guard_stderr();
/// The unescaped stderr, for the progress line's own \r and erase-line sequences only.
std::ostream& raw_stderr();

/// Sends std::cout through a checked write(2) buffer, so finish_stdout can name the error.
/// Called once by main.
void guard_stdout();
/// Flushes standard output; on a write error prints `kueuegov: error: cannot write standard
/// output: REASON` and returns false (the caller exits 2).
bool finish_stdout();

/// Writes `path` ("-" = standard output) with `render`. A regular file (or a new one) is
/// written to a temporary file in the same directory and renamed over `path` only when every
/// write and the close succeeded, so a reader never sees a partial file; a device or FIFO
/// (/dev/full, a pipe) is written directly. On failure prints `kueuegov: error: cannot write
/// PATH: REASON`, leaves no partial regular file, and returns false (the caller exits 2).
bool write_output(const std::string& path, const std::function<void(std::ostream&)>& render);

}  // namespace kg::cli
