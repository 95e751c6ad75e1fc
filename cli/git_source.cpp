// Reads a revision through git itself, with argument vectors (never a shell), so a
// revision name cannot inject a command.
#include "cli/git_source.h"

#include "model/loader.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <vector>

namespace kg::cli {

namespace {

enum class Capture { ok, failed, over_limit };

// Runs argv, returns its stdout; failed when it cannot start or exits non-zero. At most `limit`
// bytes are kept: past them the pipe is closed (git stops on SIGPIPE) and over_limit returned.
Capture run_capture(const std::vector<std::string>& argv, std::string& out, std::uint64_t limit) {
    int fds[2];
    if (pipe(fds) != 0) {
        return Capture::failed;
    }
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return Capture::failed;
    }
    if (pid == 0) {
        dup2(fds[1], STDOUT_FILENO);
        int devnull = open("/dev/null", O_WRONLY);
        if (devnull >= 0) {
            dup2(devnull, STDERR_FILENO);  // git's own message is replaced by ours
        }
        close(fds[0]);
        close(fds[1]);
        std::vector<char*> args;
        for (const std::string& a : argv) {
            args.push_back(const_cast<char*>(a.c_str()));
        }
        args.push_back(nullptr);
        execvp(args[0], args.data());
        _exit(127);
    }
    close(fds[1]);
    char buf[65536];
    ssize_t n = 0;
    bool over = false;
    while ((n = read(fds[0], buf, sizeof buf)) > 0) {
        if (out.size() + static_cast<std::size_t>(n) > limit) {
            over = true;
            break;
        }
        out.append(buf, static_cast<std::size_t>(n));
    }
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (over) {
        return Capture::over_limit;
    }
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? Capture::ok : Capture::failed;
}

bool manifest_name(const std::string& path) {
    for (const char* ext : {".yaml", ".yml", ".json"}) {
        std::string e(ext);
        if (path.size() >= e.size() && path.compare(path.size() - e.size(), e.size(), e) == 0) {
            return true;
        }
    }
    return false;
}

}  // namespace

bool is_git_source(const std::string& spec) { return spec.rfind("git:", 0) == 0; }

bool load_git_source(const std::string& spec, model::Cluster& out, model::DiagSink& diags,
                     const model::LoadOptions& opt) {
    std::string rest = spec.substr(4);
    std::size_t colon = rest.find(':');
    std::string rev = colon == std::string::npos ? rest : rest.substr(0, colon);
    std::string path = colon == std::string::npos ? "" : rest.substr(colon + 1);
    std::string listing;
    std::vector<std::string> ls{"git", "ls-tree", "-r", "--name-only", "-z", rev, "--"};
    if (!path.empty()) {
        ls.push_back(path);
    }
    if (rev.empty() || rev[0] == '-' || run_capture(ls, listing, opt.max_file_bytes) != Capture::ok) {
        std::uint32_t id = out.files.add(spec);
        diags.error({id, 0, 0}, "cannot read git revision \"" + rev + "\": expected a commit, branch or tag of the "
                                "repository in the current directory");
        return false;
    }
    if (!path.empty() && listing.empty()) {
        // git ls-tree succeeds with no output for a path the revision lacks; reading that as
        // "no objects" would report every object of the other side as added or removed.
        std::uint32_t id = out.files.add(spec);
        diags.error({id, 0, 0}, "path \"" + path + "\" does not exist at git revision \"" + rev +
                                    "\": expected a file or directory of that commit");
        return false;
    }
    bool ok = true;
    std::size_t start = 0;
    while (start < listing.size()) {
        std::size_t end = listing.find('\0', start);
        std::string file = listing.substr(start, end == std::string::npos ? std::string::npos : end - start);
        start = end == std::string::npos ? listing.size() : end + 1;
        if (!manifest_name(file)) {
            continue;
        }
        std::string text;
        // A blob is an input like a file: the same limits per file and per run.
        std::uint64_t used = opt.run_read != nullptr ? *opt.run_read : 0;
        std::uint64_t left = opt.max_total_bytes - std::min(used, opt.max_total_bytes);
        Capture c = run_capture({"git", "show", rev + ":" + file}, text, std::min(left, opt.max_file_bytes));
        if (opt.run_read != nullptr) {
            *opt.run_read += text.size();
        }
        if (c != Capture::ok) {
            std::uint32_t id = out.files.add(rev + ":" + file);
            diags.error({id, 0, 0}, c == Capture::failed ? std::string("cannot read from git")
                                    : left < opt.max_file_bytes
                                        ? "cannot read: input exceeds the limit of " + std::to_string(opt.max_total_bytes) +
                                              " bytes per run (--max-total-input-bytes raises it); stopped reading there"
                                        : "cannot read: input exceeds the limit of " + std::to_string(opt.max_file_bytes) +
                                              " bytes per file (--max-input-bytes raises it); stopped reading there");
            ok = false;
            continue;
        }
        model::load_text(rev + ":" + file, std::move(text), out, diags, opt);
    }
    out.reindex();
    return ok;
}

}  // namespace kg::cli
