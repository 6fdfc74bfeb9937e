"""The synonym groups (``synonyms``): words of general English and software vocabulary naming the
same action or the same kind of thing in tool names and descriptions, one group to a line, the
group's first word its head. Short on purpose: near-synonyms as people use them for software
objects and actions ("a *chargeback* is a Stripe *dispute*", "a Jira *gadget* is a dashboard's
*widget*"), never words that are merely related; written from general usage, apart from the
benchmark's query wording (``bench/styles.py``).
"""

from __future__ import annotations

SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = tuple(
    tuple(line.split())
    for line in """
get retrieve fetch read view show display see obtain lookup tell list check grab retrieval summarize inspect describe
    get peek
    list enumerate browse
    create add new make insert post generate raise creation
    update edit modify change alter amend patch put rename modification bump replace
    delete remove erase destroy trash discard purge drop wipe deletion removal nuke ditch axe
    search find query lookup filter
    send post deliver dispatch broadcast
    upload attach
    download export
    move transfer relocate
    copy duplicate clone
    close resolve complete finish done
    start begin launch run trigger execute
    stop halt terminate abort
    cancel revoke cancellation
    reject decline deny
    buy purchase
    assign allocate delegate
    issue ticket bug defect
    task todo chore
    page doc document wiki
    file document attachment doc
    folder directory
    user member person people account teammate collaborator assignee
    collaborator collaboration
    database table db
    comment note remark reply
    team group squad
    message chat post dm sms mms
    repository repo codebase
    customer client buyer
    invoice bill
    booking appointment reservation meeting
    event meeting appointment
    tag label
    webhook callback hook
    subscription plan membership
    invite invitation
    payment charge transaction
    contact person lead
    sprint iteration cycle
    status state progress
    priority importance urgency
    image picture photo avatar
    dispute chargeback
    gadget widget
    recurring repeating
    link url bookmark
    email mail
    organization organisation org company
    permission access privilege
    notification alert
    setting preference configuration config
    field property attribute
    channel conversation room
    server vm droplet
    restart reboot
    call ring dial
    title name heading subject
    item content child
    domain dns
    allowlist whitelist safelist
    blocklist blacklist denylist
    vote upvote
    disable deactivate
    enable activate
    text body content
    """.strip().splitlines()
)
