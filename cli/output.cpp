// Output checks (output.h). Issue 12: `lint -o sarif` to a full disk exited 0 with 8 KiB of a
// 216 KB file; every byte written is now checked, through the close.
#include "cli/output.h"

#include "report/terminal_stream.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <system_error>

namespace kg::cli {

namespace {

std::streambuf* g_raw_err = nullptr;

/// Standard output through write(2) with a 64 KiB buffer, remembering the first error's errno,
/// which iostreams and stdio lose by the time the caller checks.
class StdoutBuf : public std::streambuf {
public:
    StdoutBuf() { setp(m_buf, m_buf + sizeof m_buf); }
    int first_error() const { return m_error; }
    bool failed() const { return m_failed; }

protected:
    int_type overflow(int_type ch) override {
        if (!drain()) {
            return traits_type::eof();
        }
        if (!traits_type::eq_int_type(ch, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(ch);
            pbump(1);
        }
        return traits_type::not_eof(ch);
    }
    int sync() override { return drain() ? 0 : -1; }

private:
    bool drain() {
        const char* p = pbase();
        while (p < pptr() && !m_failed) {
            ssize_t n = ::write(STDOUT_FILENO, p, static_cast<std::size_t>(pptr() - p));
            if (n < 0 && errno == EINTR) {
                continue;
            }
            if (n <= 0) {
                m_failed = true;
                m_error = n < 0 ? errno : ENOSPC;
                break;
            }
            p += n;
        }
        setp(m_buf, m_buf + sizeof m_buf);  // after a failure the rest is dropped: the command fails
        return !m_failed;
    }
    char m_buf[1 << 16];
    bool m_failed = false;
    int m_error = 0;
};

// The stream buffers put under std::cout and std::cerr are never destroyed: the standard
// streams are flushed once more after every static is gone (ios_base::Init's destructor), and
// a destroyed buffer there is a use after free (AddressSanitizer: SEGV in ostream::flush).
StdoutBuf& stdout_buf() {
    static StdoutBuf* buf = new StdoutBuf;
    return *buf;
}

std::string reason(int err) { return err ? std::strerror(err) : "write failed"; }

void report_failure(const std::string& what, int err) {
    std::cerr << "kueuegov: error: cannot write " << what << ": " << reason(err) << "\n";
}

/// Renders into `fd` (already open), then flushes and closes it; false with errno on failure.
bool render_to_fd(int fd, const std::function<void(std::ostream&)>& render, int& err) {
    std::FILE* f = ::fdopen(fd, "wb");
    if (!f) {
        err = errno;
        ::close(fd);
        return false;
    }
    std::string text;
    {
        std::ostringstream os;
        render(os);
        text = std::move(os).str();
    }
    errno = 0;
    bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    ok = std::fflush(f) == 0 && ok;
    if (!ok) {
        err = errno;
    }
    if (std::fclose(f) != 0 && ok) {
        err = errno;
        ok = false;
    }
    return ok;
}

}  // namespace

void guard_stderr() {
    static std::ostream* raw = new std::ostream(std::cerr.rdbuf());  // never destroyed: see stdout_buf
    static report::TerminalSafeBuf* safe = new report::TerminalSafeBuf(*raw);
    g_raw_err = raw->rdbuf();
    std::cerr.rdbuf(safe);
}

std::ostream& raw_stderr() {
    static std::ostream* raw = new std::ostream(g_raw_err ? g_raw_err : std::cerr.rdbuf());
    return *raw;
}

void guard_stdout() { std::cout.rdbuf(&stdout_buf()); }

bool finish_stdout() {
    std::cout.flush();
    if (stdout_buf().failed() || !std::cout) {
        report_failure("standard output", stdout_buf().first_error());
        std::cout.clear();
        return false;
    }
    return true;
}

bool write_output(const std::string& path, const std::function<void(std::ostream&)>& render) {
    if (path.empty() || path == "-") {
        render(std::cout);
        return finish_stdout();
    }
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::file_status link = fs::symlink_status(path, ec);
    int err = 0;
    auto write_directly = [&] {
        int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
        if (fd < 0 || !render_to_fd(fd, render, err)) {
            report_failure(path, fd < 0 ? errno : err);
            return false;
        }
        return true;
    };
    // A device, FIFO or terminal cannot be replaced by a rename, and a symbolic link
    // (/dev/stderr, a link a user keeps) must not be: write those directly and check every
    // write. Only a regular file, or a new one, is written atomically.
    if (fs::is_symlink(link) || (fs::exists(link) && !fs::is_regular_file(link))) {
        return write_directly();
    }
    fs::path target(path);
    fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::string tmpl = (dir / ("." + target.filename().string() + ".tmp-XXXXXX")).string();
    int fd = ::mkstemp(tmpl.data());
    if (fd < 0) {
        if (fs::exists(link)) {
            return write_directly();  // a writable file in a directory we cannot add to
        }
        report_failure(path, errno);
        return false;
    }
    // mkstemp creates 0600: keep the mode of the file being replaced, else 0666 less the umask.
    mode_t mask = ::umask(0);
    ::umask(mask);
    mode_t mode = 0666 & ~mask;
    struct stat old {};
    if (::stat(path.c_str(), &old) == 0) {
        mode = old.st_mode & 07777;
    }
    ::fchmod(fd, mode);
    if (!render_to_fd(fd, render, err) || ::rename(tmpl.c_str(), path.c_str()) != 0) {
        if (!err) {
            err = errno;
        }
        ::unlink(tmpl.c_str());
        report_failure(path, err);
        return false;
    }
    return true;
}

}  // namespace kg::cli
