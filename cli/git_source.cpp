// Reads a revision through git itself, with argument vectors (never a shell), so a
// revision name cannot inject a command.
#include "cli/git_source.h"

#include "model/loader.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <vector>

namespace kg::cli {

namespace {

// Runs argv, returns its stdout; false when it cannot start or exits non-zero.
bool run_capture(const std::vector<std::string>& argv, std::string& out) {
    int fds[2];
    if (pipe(fds) != 0) {
        return false;
    }
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return false;
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
    while ((n = read(fds[0], buf, sizeof buf)) > 0) {
        out.append(buf, static_cast<std::size_t>(n));
    }
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
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

bool load_git_source(const std::string& spec, model::Cluster& out, model::DiagSink& diags) {
    std::string rest = spec.substr(4);
    std::size_t colon = rest.find(':');
    std::string rev = colon == std::string::npos ? rest : rest.substr(0, colon);
    std::string path = colon == std::string::npos ? "" : rest.substr(colon + 1);
    std::string listing;
    std::vector<std::string> ls{"git", "ls-tree", "-r", "--name-only", "-z", rev, "--"};
    if (!path.empty()) {
        ls.push_back(path);
    }
    if (rev.empty() || rev[0] == '-' || !run_capture(ls, listing)) {
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
    std::size_t start = 0;
    while (start < listing.size()) {
        std::size_t end = listing.find('\0', start);
        std::string file = listing.substr(start, end == std::string::npos ? std::string::npos : end - start);
        start = end == std::string::npos ? listing.size() : end + 1;
        if (!manifest_name(file)) {
            continue;
        }
        std::string text;
        if (!run_capture({"git", "show", rev + ":" + file}, text)) {
            std::uint32_t id = out.files.add(rev + ":" + file);
            diags.error({id, 0, 0}, "cannot read from git");
            continue;
        }
        model::load_text(rev + ":" + file, std::move(text), out, diags);
    }
    out.reindex();
    return true;
}

}  // namespace kg::cli
