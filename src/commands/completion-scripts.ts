// The bash and zsh completion scripts `domainctl completion <shell>` prints. They are ours, not
// the ones @bomb.sh/tab generates, because those run what the API says: tab's bash script builds
// the command line as a string for `eval` and hands the candidates to `compgen -W`, which expands
// `$(…)` and backticks inside them, so a project ID `prj_$(touch x)` from the API or the cache
// ran on Tab; its zsh script inserts candidates with `compadd -Q`, unquoted, so the same ID ran on
// the Enter after Tab. The candidates themselves are already only what the contract allows
// (completion-values.ts); these scripts hold the same rule on their own side, whatever
// `domainctl complete` prints: the words on the line go to it as arguments, never through eval,
// and each candidate is compared and inserted as text, quoted where the shell would read more
// than letters in it. tab's fish script stays: fish hands the candidates on as a variable's
// values, which it never evaluates, and escapes each one it inserts. Both scripts speak tab's
// protocol: `domainctl complete -- <words>` prints a candidate a line (a tab and a description
// after it or not) and then `:<directive>`, cobra's bits (1 error, 2 no space, 4 no file names,
// 32 keep the order).

/**
 * For bash, best with the bash-completion package loaded (its `_get_comp_words_by_ref` keeps
 * `--format=c` and `a:b` one word); without it (installed but not loaded, as in Debian's default
 * root bashrc) bash's own COMP_WORDS serve, rather than a "command not found" on every Tab.
 */
export const BASH_SCRIPT = `# bash completion for domainctl (domainctl completion bash), best with bash-completion.
# Candidates are text: the line's words reach domainctl as arguments, never through eval, and
# no candidate passes through compgen -W, which would expand $(…) and backticks in it.

__domainctl_complete() {
    local cur words cword
    if declare -F _get_comp_words_by_ref >/dev/null; then
        _get_comp_words_by_ref -n "=:" cur words cword
    else
        words=("\${COMP_WORDS[@]}") cword=$COMP_CWORD cur=\${COMP_WORDS[COMP_CWORD]}
    fi

    local out
    out=$(domainctl complete -- "\${words[@]:1:cword}" 2>/dev/null) || return 0

    local directive=0 last=\${out##*$'\\n'}
    if [[ $last == :* ]]; then
        directive=\${last#:}
        out=\${out%"$last"}
    fi
    [[ $directive =~ ^[0-9]+$ ]] || directive=0
    (( directive & 1 )) && return 0
    (( directive & 2 )) && compopt -o nospace
    (( directive & 4 )) && compopt +o default
    (( directive & 32 )) && compopt -o nosort

    # An option's value after "=" (--format=c): only the value is matched. Where "=" breaks words
    # for readline (it does by default), readline replaces only what follows it; elsewhere the
    # option is put back in front.
    local typed=$cur before=
    if [[ $cur == --*=* ]]; then
        typed=\${cur#*=}
        [[ $COMP_WORDBREAKS == *=* ]] || before=\${cur%%=*}=
    fi

    COMPREPLY=()
    local line value
    while IFS= read -r line; do
        value=\${line%%$'\\t'*}
        [[ -n $value && $value == "$typed"* ]] || continue
        # Letters, digits and _ . / : = @ % + - { } are read as themselves ({project_id} too, but
        # not braces with ".." in them, a sequence bash expands); anything else is quoted.
        if [[ $value == *[!A-Za-z0-9_./:=@%+{}-]* || ( $value == *[{}]* && $value == *..* ) ]]; then
            printf -v value '%q' "$value"
        fi
        COMPREPLY+=("$before$value")
    done <<< "$out"
}

# -o default: where domainctl offers nothing and allows file names (--from-file), bash's own.
complete -o default -F __domainctl_complete domainctl
`;

/** For zsh after compinit: sourced, or a file named _domainctl on $fpath. */
export const ZSH_SCRIPT = `#compdef domainctl
compdef _domainctl domainctl

# zsh completion for domainctl (domainctl completion zsh).
# Candidates are text: the line's words reach domainctl as arguments, never through eval, and
# zsh quotes every candidate it inserts (no compadd -Q).

_domainctl() {
    local out line value directive=0
    local -a lines candidates opts

    out=$(domainctl complete -- "\${(@)words[2,CURRENT]}" 2>/dev/null) || return 1
    lines=("\${(@f)out}")
    if [[ \${lines[-1]} == :<-> ]]; then
        directive=\${lines[-1]#:}
        lines=("\${(@)lines[1,-2]}")
    fi
    (( directive & 1 )) && return 1
    (( directive & 2 )) && opts+=(-S '')
    (( directive & 32 )) && opts+=(-V)

    # An option's value after "=" (--format=c): only the value is completed.
    [[ $PREFIX == --*=* ]] && compset -P '*='

    for line in "\${lines[@]}"; do
        value=\${line%%$'\\t'*}
        [[ -n $value ]] || continue
        # _describe reads "value:description", so a colon of the value is escaped.
        value=\${value//:/\\\\:}
        if [[ $line == *$'\\t'* ]]; then
            candidates+=("$value:\${line#*$'\\t'}")
        else
            candidates+=("$value")
        fi
    done

    if (( \${#candidates} )) && _describe "\${opts[@]}" values candidates; then
        return 0
    fi
    # No candidate of ours: file names, unless the directive says none apply.
    (( directive & 4 )) && return 1
    _files
}

# Sourced, or autoloaded from $fpath (the file is then the function's body): complete now.
if [ "\${funcstack[1]}" = "_domainctl" ]; then
    _domainctl
fi
`;
