#!/usr/bin/env python3
"""The man page in one language: strips' own description of its commands (`strips
--experimental-dump-help`, run with LANGUAGE set, so every abstract and option's help is the
catalog's), written as man(7) in UTF-8.

swift-argument-parser's generate-manual writes the English page, but it drops every character past
ASCII, which would leave a Russian or Hindi page empty and a French one without its accents; this
writes the translated pages (Scripts/install.sh installs them as share/man/LANG/man1/strips.1, so
`man -L ru strips` finds them). Its own words (the section names) come from the same catalog
through Python's gettext: Scripts/update-po.sh extracts them from this file.

Usage: strips --experimental-dump-help | translated-manpage.py LANG LOCALEDIR VERSION DATE > strips.1
"""
import gettext
import json
import sys

language, localedir, version, date = sys.argv[1:5]
_ = gettext.translation("strips", localedir=localedir, languages=[language], fallback=True).gettext


def roff(text):
    """Text as roff reads it: backslashes doubled, a leading dot or quote kept from being a
    request, dashes as dashes."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    lines = []
    for line in text.split("\n"):
        lines.append("\\&" + line if line.startswith((".", "'")) else line)
    return "\n".join(lines)


def paragraphs(text):
    """A discussion's paragraphs (blank lines between them), each a .PP."""
    out = []
    for paragraph in text.strip().split("\n\n"):
        out += [".PP", roff(" ".join(paragraph.split("\n")))]
    return out


def usage(argument):
    names = ", ".join(("-" if name["kind"] == "short" else "--") + name["name"] for name in argument.get("names", []))
    if argument["kind"] == "positional":
        return "\\fI" + roff(argument["valueName"]) + "\\fR"
    if argument["kind"] == "option":
        return "\\fB" + roff(names) + "\\fR \\fI" + roff(argument["valueName"]) + "\\fR"
    return "\\fB" + roff(names) + "\\fR"


def arguments(command):
    out = []
    for argument in command.get("arguments", []):
        if not argument.get("shouldDisplay", True) or argument.get("valueName") in ("help", "version"):
            continue
        out += [".TP", usage(argument), roff(argument.get("abstract", ""))]
    return out


def page(tool):
    root = tool["command"]
    name = root["commandName"]
    out = [
        '.\\" Written by Scripts/translated-manpage.py from strips --experimental-dump-help.',
        '.TH %s 1 "%s" "%s %s"' % (name.upper(), date, name, version),
        ".SH " + roff(_("NAME")),
        "%s \\- %s" % (name, roff(root.get("abstract", ""))),
        ".SH " + roff(_("SYNOPSIS")),
        "\\fB%s\\fR [\\fI%s\\fR] [\\fI%s\\fR]" % (name, roff(_("subcommand")), roff(_("options"))),
    ]
    if root.get("discussion"):
        out += [".SH " + roff(_("DESCRIPTION"))] + paragraphs(root["discussion"])
    if root.get("arguments"):
        out += [".SH " + roff(_("OPTIONS"))] + arguments(root)
    for sub in root.get("subcommands", []):
        if not sub.get("shouldDisplay", True) or sub["commandName"] == "help":
            continue
        full = "%s %s" % (name, sub["commandName"])
        out += [".SH " + roff(full.upper()), roff(sub.get("abstract", ""))]
        if sub.get("discussion"):
            out += paragraphs(sub["discussion"])
        out += arguments(sub)
    return "\n".join(out) + "\n"


sys.stdout.write(page(json.load(sys.stdin)))
