"""The request inside what is written around it, in a request naming a connected app: the part that asks
(``request_parts``), with the thing its context names for its "it" (``context_pronouns``), a tool called by
name read as its words (``called_tools``), an app's label written as its place (``app_labels``), without
why or when it is asked (``reason_clauses``) and the situation stated before it (``stated_situations``),
past its opening frame and hedges (``request_frame``), the messages of a place read as its history
(``channel_histories``), a question about one thing as its get (``thing_questions``), its actions done
again written once (``repeated_actions``), in the active (``passive_voice``), without the form, page and
order of the answer it asks for (``output_formats``). Each step is text in, text out, and ``rank`` ranks
what they leave where it still names a connected app, the request as written where that finds nothing."""

from __future__ import annotations

import functools
from collections.abc import Callable

from cardamom.core.search.able_words import able_vocabulary, as_able
from cardamom.core.search.about_questions import about_thing
from cardamom.core.search.accidental_acts import undone_mistake
from cardamom.core.search.additive_words import without_additives
from cardamom.core.search.api_verbs import API_VERBS
from cardamom.core.search.app_labels import app_last, read_past_app
from cardamom.core.search.app_scope import AppMention
from cardamom.core.search.aside_clauses import without_asides
from cardamom.core.search.asked_leave import leave_asked, told_assistant
from cardamom.core.search.attached_files import uploaded_as_attached
from cardamom.core.search.attempts import attempted
from cardamom.core.search.awaited_acts import awaited_act
from cardamom.core.search.behalf_phrases import without_behalf
from cardamom.core.search.bracketed_ids import bracketed_thing
from cardamom.core.search.called_tools import called_by_name
from cardamom.core.search.capability_questions import app_alone, asked_ability
from cardamom.core.search.channel_histories import read_history
from cardamom.core.search.checked_states import as_question
from cardamom.core.search.counted_things import uncounted
from cardamom.core.search.counting_words import counted_question
from cardamom.core.search.courtesies import without_courtesy
from cardamom.core.search.existence_questions import sought_thing
from cardamom.core.search.filter_clauses import quoted_filters
from cardamom.core.search.follow_ups import without_follow_up
from cardamom.core.search.had_questions import had_question
from cardamom.core.search.happened_questions import events_asked
from cardamom.core.search.hedge_phrases import unhedged
from cardamom.core.search.hyphenated_values import quoted_hyphens
from cardamom.core.search.index import SearchIndex
from cardamom.core.search.intended_acts import intended_as_asked
from cardamom.core.search.interface_steps import without_interface
from cardamom.core.search.interjections import without_interjection
from cardamom.core.search.joined_values import quoted_joins
from cardamom.core.search.kept_questions import retention_asked
from cardamom.core.search.keyed_lists import keyed_kinds
from cardamom.core.search.keyword_bags import bag_read
from cardamom.core.search.learner_forms import learners_read
from cardamom.core.search.listed_ids import one_of_each
from cardamom.core.search.made_roles import made_role
from cardamom.core.search.manner_adverbs import without_manner
from cardamom.core.search.measured_questions import usage_asked
from cardamom.core.search.member_clauses import caller_as_owner
from cardamom.core.search.mentioned_things import without_mention
from cardamom.core.search.merged_branches import quoted_branches
from cardamom.core.search.message_labels import without_labels
from cardamom.core.search.monologue import without_monologue
from cardamom.core.search.named_creations import quoted_created_name
from cardamom.core.search.new_fields import without_new
from cardamom.core.search.ordered_moves import reordered
from cardamom.core.search.outcome_requests import (
    converted,
    handed_to,
    made_state,
    review_asked,
    review_verdict,
    switched,
)
from cardamom.core.search.output_formats import without_formats
from cardamom.core.search.passive_voice import active_voice, ended_state, passive_question, verb_in_names, wanted_done
from cardamom.core.search.people_questions import people_question
from cardamom.core.search.person_lookups import person_sought
from cardamom.core.search.person_moves import person_moved
from cardamom.core.search.postings import EMPTY
from cardamom.core.search.purpose_clauses import quoted_purpose
from cardamom.core.search.reason_clauses import without_reasons
from cardamom.core.search.recipients import without_recipient
from cardamom.core.search.relation_questions import checks_word, related_things, verb_said_with
from cardamom.core.search.relative_clauses import described_by_clause
from cardamom.core.search.reminded_orders import reminded_request
from cardamom.core.search.repeated_actions import done_once
from cardamom.core.search.request_frame import called_tool, described_request, without_preamble
from cardamom.core.search.request_parts import task_part, with_apps
from cardamom.core.search.request_tags import without_tags
from cardamom.core.search.requesters import told_as_users, without_source
from cardamom.core.search.slang_verbs import plain_verb
from cardamom.core.search.started_things import started_as_created
from cardamom.core.search.started_workflows import started_workflow
from cardamom.core.search.stated_situations import without_concession, without_role, without_situation
from cardamom.core.search.stopped_runs import cancelled
from cardamom.core.search.suggested_acts import suggested_act
from cardamom.core.search.supposed_acts import supposed_act
from cardamom.core.search.telling import texted
from cardamom.core.search.thing_adjectives import without_description
from cardamom.core.search.thing_fields import field_of_thing, given_field
from cardamom.core.search.thing_pieces import in_names, piece_as_thing
from cardamom.core.search.thing_questions import (
    contents_question,
    listed_question,
    said_question,
    thing_question,
    timed_question,
    with_thing,
)
from cardamom.core.search.time_frames import without_time_frame
from cardamom.core.search.timed_requests import booked, rescheduled, scheduled_send
from cardamom.core.search.titled_things import quoted_name
from cardamom.core.search.topic_openers import on_topic
from cardamom.core.search.tried_acts import tried_act
from cardamom.core.search.undoing_verbs import undone
from cardamom.core.search.user_stories import story_want
from cardamom.core.search.verb_readings import literal_names
from cardamom.core.search.verbal_nouns import participle_verb, verb_first
from cardamom.core.search.whole_things import whole_thing


def framed_request(
    index: SearchIndex, query: str, mentions: tuple[AppMention, ...], leads: Callable[[str], bool] | None
) -> str:
    """``query`` read past what is written around its request, as the index's switches say;
    ``mentions``: the apps it names; ``leads``: whether a word opens some tool's name."""
    options, written = index.options, query
    connected = [mention.name for mention in mentions if mention.connected]
    app_words = _app_words(mentions)
    participles = _participles(index, options.verbal_nouns)  # the verb a participle is a form of
    tools = index.tools_of(connected)  # (the named apps' tools, which the names below are read in)
    if options.ordered_moves:  # "move the Bug issue type to the top of jira scheme 7": "reorder ... in ..."
        query = reordered(index, query, tools)
    if options.named_verbs:  # "Customer cus_88 was double charged. *Refund* charge ch_77 in Stripe."
        leads = _or_api_verb(leads)
    if options.request_tags:  # "[P1] reboot droplet 77", "(high priority) archive ...": "reboot droplet 77"
        query = without_tags(query)
    if options.accidental_acts:  # "I archived slack channel C0123 by mistake": "unarchive slack channel C0123"
        query = undone_mistake(query, participles)
    if options.interjections:  # "ugh, droplet 77 is frozen again, reboot it": "droplet 77 is frozen ..."
        query = without_interjection(query, answers=options.go_aheads)
    if options.additive_words:  # "oh and reboot droplet 78 while you're at it": "reboot droplet 78"
        query = without_additives(query)
    if options.topic_openers:  # "regarding stripe charge ch_9, I want it refunded": "I want stripe charge ch_9 ..."
        query = on_topic(query)
    if options.follow_ups:  # "archive slack channel C0123 and let me know when it's done": "archive ..."
        query = without_follow_up(query)
    if options.mentioned_things:  # "close the jira issue ENG-4 I mentioned earlier": "close the jira issue ENG-4"
        query = without_mention(query)
    if options.member_clauses:  # "list all the asana workspaces I belong to": "list all my asana workspaces"
        query = caller_as_owner(query)
    if options.behalf_phrases:  # "refund stripe charge ch_9 on my behalf": "refund stripe charge ch_9"
        query = without_behalf(query)
    if options.awaited_acts:  # "PR 12 in github acme/api awaiting merge": "merge PR 12 in github acme/api"
        query = awaited_act(query, participles)
    if options.tried_acts:  # "see if you can refund stripe charge ch_9": "refund stripe charge ch_9"
        query = tried_act(query)
    if options.new_fields:  # "update the notion page abc with the new title": "update the notion page abc title"
        query = without_new(query)
    if options.had_things:  # "does stripe customer cus_1 have a subscription": "list subscriptions of ..."
        query = had_question(query, which=options.which_had)
    if options.hedge_phrases:  # "I'd say delete box file 123", "it might be worth merging PR 12": "delete ..."
        query = unhedged(query)
    if options.suggested_acts:  # "how about sending xero invoice INV-3 ...", "why not merge PR 12": "send ..."
        query = suggested_act(query, participles)
    if options.user_stories:  # "As a manager, I want to close jira issue ENG-4 so that ...": "close ..."
        query = story_want(query)
    if options.conceded_clauses:  # "not urgent, but create an asana task ...": "create an asana task ..."
        query = without_concession(query, mentions)
    if options.own_roles:  # "I run our digitalocean infra; snapshot droplet 77": "snapshot droplet 77 in digitalocean"
        query = without_role(query, mentions, capacities=options.role_openers)
    if options.message_labels:  # "Ticket #4411: customer wants ...", "FYI: ...": "customer wants ..."
        query = without_labels(query, app_words, mentions=options.addressed_bots)
    if options.narrated_clicks:  # "in notion click new page", "go to box folder 99 and delete it": "create page ..."
        query = without_interface(query, app_words, leads)
    if options.time_frames:  # "by end of day, close github issue 12": "close github issue 12"
        query = without_time_frame(query, recurring=options.recurrences)
    if options.reminded_orders:  # "don't forget to archive slack channel C0123": "archive slack channel C0123"
        # (an app's own reminders keep "remind me to": Slack's ``reminders_add``)
        reminding = "remind" in query.casefold() and bool(literal_names(index, "reminder") & tools)
        query = reminded_request(query, participles, reminding, options.regretted_acts)
    if options.happened_questions:  # "what happened in my stripe account": "list events in my stripe account"
        query = events_asked(index, query, tools)
    if options.able_words:  # "who can be assigned jira issue KAN-4": "who assignable ...", where a name says it
        query = as_able(query, able_vocabulary(index, tools, options.possible_doers), chosen=options.chosen_people)
    if options.about_questions:  # "everything about jira issue ENG-4", "the lowdown on box file 123": "get ..."
        query = about_thing(query, looks=options.looks_questions, told=options.told_about, set_to=options.set_states)
    if options.supposed_acts:  # "what happens if I delete box folder 99": "delete box folder 99"
        query = supposed_act(query)
    if options.courtesies:  # "I'd be grateful if you'd delete box file 123", "... ch_9, ok?": "delete ..."
        query = without_courtesy(query, sign_offs=options.sign_offs, conditions=options.polite_conditions)
    if options.bracketed_ids:  # "close the login bug (ENG-4) in jira": "close the bug ENG-4 in jira"
        query = bracketed_thing(query, app_words)
    if options.listed_ids:  # "delete both asana tasks 12 and 13": "delete asana task 12 and 13"
        query = one_of_each(query, keyed_kinds(index, tools, query) if options.keyed_lists else ())
    if options.learner_forms:  # "make delete of the box file 123", "how I can archive ...": "delete ..."
        query = learners_read(query)
    if options.leave_questions:  # "is it okay to delete box file 123": "delete box file 123"
        query = leave_asked(query)
    if options.assistant_orders:  # "your next step is to close github issue 12": "close github issue 12"
        query = told_assistant(query)
    if options.intended_acts:  # "gonna archive slack channel C0123", "asap: refund ...": "archive ...", "refund ..."
        query = intended_as_asked(query, participles)
    if options.asked_passives and options.passive_actions:  # "can stripe charges be refunded": "... can be refunded"
        query = passive_question(query)
    if options.told_by_anyone and options.told_frames:  # "my manager needs ...": "the user needs ..."
        known = index.name_postings.__contains__
        query = told_as_users(without_source(query, app_words, known), app_words, known)
    if options.wanted_done and options.passive_actions:  # "the user wants the PR 3 merged": "merge the PR 3"
        query = wanted_done(query, participles)
    if options.tool_words:  # "which api call refunds a stripe charge": "refund a stripe charge"
        query = called_tool(query)
    if options.monologue_frames:  # "to answer the user I need ...", "... Looking for a pin tool."
        query = without_monologue(query, app_words, reported=options.reported_requests)
    framed = query
    if options.manner_adverbs:  # "fully refund stripe charge ch_9": "refund stripe charge ch_9"
        query = framed = without_manner(index, query, tools)
    if options.keyword_bags:  # "stripe customer create email": "create stripe customer with email"
        query = framed = bag_read(query, app_words, index, tools)
    part = task_part(
        query,
        labels=options.labelled_parts,
        sentences=options.context_sentences,
        steps=options.listed_steps,
        marks=options.app_labels,
        commas=options.stated_commas,
        acts=leads,
        joined=options.second_actions,
        long=options.long_contexts,
        complaints=options.complaint_questions,
        stating=options.stating_parts,
        orders=options.stated_orders,
    )
    if part != query and options.context_pronouns:  # "Our Asana project 31 is done. Archive *it*."
        part = with_thing(part, query, possessive=options.possessive_pronouns)
    if part != query and options.repeated_parts:  # "if xero invoice INV-3 is unpaid, send it *again*": "send ..."
        part = attempted(part)
    if part != query:  # "Context: ... slack. *Task:* post a reminder in #oncall"
        framed = with_apps(part, mentions)
    if options.started_workflows:  # "run the deploy workflow in github": 'dispatch workflow "deploy" ...'
        framed = started_workflow(index, framed, tools, app_words)
    if options.called_names:  # 'use "create_issue" in jira', "call jira's create_issue for ENG"
        framed = called_by_name(framed)
    if options.app_labels:  # "GitHub: who reviewed PR 12": "who reviewed PR 12 in GitHub"
        framed = app_last(framed, mentions, addressed=options.addressed_apps)
    if options.ability_questions:  # "does box support locking folders": "locking folders in box"
        framed = asked_ability(framed, mentions)
    if options.reason_clauses:  # "post in slack #eng *so the team knows*" (before "so" opens a chat's turn)
        framed = without_reasons(framed, mentions, conditions=options.conditional_things)
    if options.aside_clauses:  # "update a notion page *such as its title*"
        framed = without_asides(framed, glossed=(index, tools) if options.glossed_words else None)
    if options.stated_situations:  # "the customer says their droplet is down, reboot digitalocean droplet 7"
        framed = without_situation(framed, mentions)
    if options.merged_branches:  # "open a PR from feature-x to main": "... from 'feature-x' to 'main'"
        framed = quoted_branches(framed, alone=options.head_branches)
    if options.hyphenated_values:  # "get the blob for billing-service 8156570": "for 'billing-service'"
        framed = quoted_hyphens(index, framed, tools)
    if options.joined_values:  # "delete stripe coupon summer_sale": "coupon 'summer_sale'"
        framed = quoted_joins(index, framed, tools, app_words)
    if options.described_requests:  # "Refunds a Stripe charge": "refund a Stripe charge"
        framed = described_request(framed)
    if options.drop_filler:  # "can you please ...", "the user wants to ...", "ok now ..."
        framed = without_preamble(
            framed,
            learning=options.asked_states,
            told=options.told_frames,
            chatting=options.chat_openers,
            tools=options.tool_frames,
            hedges=options.hedged_requests,
            verbs=options.verbed_tools,
        )
    named = index.name_postings  # (as written: no postings resolved and kept for a word only checked)

    def a_name_says(word: str) -> bool:
        return bool(named.get(word, EMPTY) & tools)

    opened_by = app_words if options.app_opened_orders else frozenset()  # "asana jot down a to-do": "jot ..."

    if options.slang_verbs:  # "scrap asana task 12", "bounce droplet 77", "ship PR 12": "delete", "restart", "merge"
        slang = functools.partial(plain_verb, named=a_name_says, shell=options.shell_verbs, formal=options.formal_verbs)
        framed = read_past_app(framed, opened_by, slang)
    if options.stopped_runs:  # "stop workflow run 991 in acme/api": "cancel workflow run 991 ..."
        framed = read_past_app(framed, opened_by, functools.partial(cancelled, index, tools=tools, app_words=app_words))
    framed = whole_thing(framed, a_name_says) if options.whole_things else framed  # "delete the *entire* folder 99"
    framed = started_as_created(index, framed, tools, app_words) if options.started_things else framed
    if options.counted_orders:  # "open a few github issues in acme/api": "open github issues in acme/api"
        framed = uncounted(framed)
    if options.relative_clauses:  # "merge the github PR that fixes the login bug": 'merge the github PR "fixes ..."'
        belonging = options.belonging_clauses
        described = functools.partial(described_by_clause, particles=options.phrasal_clauses, belonging=belonging)
        framed = read_past_app(framed, opened_by, described)
    if options.titled_things:  # "close the login crash issue in jira": 'close the issue "login crash" in jira'
        framed = quoted_name(index, framed, tools)
    if options.named_creations:  # "create folder reports in box folder 0": 'create folder "reports" in ...'
        created = functools.partial(quoted_created_name, index, tools=tools, app_words=app_words)
        framed = read_past_app(framed, opened_by, created)
    if options.asked_pieces:  # "give me the url of github PR 12": "get github PR 12"
        framed = piece_as_thing(framed, in_names(index, tools))
    if options.purposed_things:  # "create an asana task to renew the domain": 'create an asana task "renew ..."'
        purpose = functools.partial(quoted_purpose, app_words=app_words, for_things=options.created_for)
        framed = read_past_app(framed, opened_by, purpose)
    if options.described_things:  # "refund that duplicate stripe charge ch_9": "refund that stripe charge ch_9"
        framed = without_description(index, framed, tools, app_words)
    if options.capability_questions:  # "what tools exist for stripe": "Stripe"
        framed = app_alone(framed, mentions, a_name_says)
    if options.channel_histories:  # "get messages in slack channel C024": "get history in ..."
        framed = read_history(index, framed, tools, app_words)
    if options.thing_fields:  # "update customer email in stripe": "update the email of customer in stripe"
        framed = field_of_thing(index, framed, tools, app_words)
    if options.given_fields:  # "give asana task 12 a due date of friday": "update the due date of task 12 to friday"
        framed = given_field(index, framed, tools, app_words)
    if options.filter_values:  # "github issues with label bug": "github issues with label 'bug'"
        framed = quoted_filters(index, framed, tools, app_words)
    if options.attached_files:  # "upload a file to an asana task": "attach a file to ...", where no name uploads
        framed = uploaded_as_attached(index, framed, tools)
    if options.recipient_kinds:  # "send xero invoice INV-3 to the client": "send xero invoice INV-3"
        framed = without_recipient(index, framed, tools)
    if options.undoing_verbs:  # "*unfollow* asana task 12": "remove followers from asana task 12"
        framed = with_apps(undone(index, framed, tools, app_words), mentions)
    if options.verbal_nouns:  # "jira issue *creation* for ...", "*pinning* a message in slack #general"
        framed = verb_first(framed, a_name_says, app_words)
    if options.checked_states:  # "verify that xero invoice INV-9 has been paid": "has ... been paid"
        framed = as_question(framed)
    if options.scheduled_sends:  # "post in slack #eng at 9am on monday: ...": "schedule a message in ..."
        framed = scheduled_send(index, framed, tools)
    if options.booked_meetings:  # "book a call with bob on cal.com": "create a booking for a call ..."
        framed = with_apps(booked(index, framed, tools), mentions)  # (its kind may have said the app)
    if options.rescheduled_things:  # "move cal.com booking 42 to friday": "reschedule cal.com booking 42 ..."
        framed = rescheduled(index, framed, tools)
    framed = usage_asked(framed, functools.partial(a_name_says, "usage")) if options.used_amounts else framed
    framed = timed_question(framed) if options.asked_times else framed  # "what time is my next booking"
    framed = listed_question(framed) if options.asked_lists else framed  # "what repos are in the github org acme"
    framed = counted_question(index, framed, tools) if options.counted_questions else framed  # "how many tasks ..."
    said = said_question(framed) if options.said_questions else framed
    framed = with_apps(said, mentions) if said != framed else framed  # "what did ana post in slack #general"
    held = contents_question(index, framed, connected) if options.contents_questions else None
    framed = with_apps(held, mentions) if held is not None else framed  # "what's in box folder 77"
    if options.kept_questions:  # "how long does github org acme keep logs": "get github org acme retention logs"
        framed = retention_asked(framed, a_name_says)
    if options.relation_questions:  # "which teams is bob assigned to in asana": "list teams for bob in asana"
        checks = functools.partial(checks_word, index, tools) if options.checked_members else None
        verbed = functools.partial(verb_said_with, index, tools) if options.verbed_things else None
        own, belonged = options.own_relations, options.belonged_questions
        framed = with_apps(related_things(framed, belonged=belonged, checked=checks, own=own, verbed=verbed), mentions)
    if options.people_questions:  # "who starred acme/web on github": "list stargazers of acme/web on github"
        framed = with_apps(people_question(index, framed, tools), mentions)
    framed = sought_thing(framed) if options.existence_questions else framed  # "is there a notion page about ..."
    asked = thing_question(index, framed, connected) if options.thing_questions else None
    framed = with_apps(asked, mentions) if asked is not None else framed  # "who owns box folder 77"
    if options.repeated_actions:  # "*resend* xero invoice INV-0042"
        framed = done_once(index, framed, connected)
    if options.ended_things:  # "the stripe customer cus_1 shouldn't exist anymore": "delete ..."
        framed = ended_state(framed)
    if options.passive_actions:  # "the stripe charge ch_9 should be refunded": "refund ..."
        framed = active_voice(framed, participles, wished=options.wished_states)
    if options.person_lookups:  # "find bob in intercom": "find contacts bob in intercom"
        framed = person_sought(index, framed, tools)
    if options.outcome_requests:  # "make github repo acme/api private", "ask bob to review PR 12"
        framed = review_asked(index, made_state(index, framed, tools), tools)
    framed = made_role(index, framed, tools) if options.made_roles else framed  # "make bob an admin of ..."
    if options.review_verdicts:  # "approve PR 12 in github acme/api": "review PR 12 ..."
        framed = review_verdict(index, framed, tools)
    if options.converted_things:  # "turn intercom conversation 88 into a ticket": "convert ... to a ticket"
        framed = converted(index, framed, tools)
    if options.handed_things:  # "give jira issue OPS-7 to alice": "assign jira issue OPS-7 to alice"
        framed = handed_to(index, framed, tools)
    if options.switched_things:  # "turn on vulnerability alerts for acme/api": "enable vulnerability alerts ..."
        framed = switched(index, framed, tools)
    if options.person_moves:  # "add bob to slack #eng" (or "bob needs to be added to ..."): "invite bob to ..."
        framed = with_apps(person_moved(index, framed, tools, _app_words(mentions)), mentions)
    if options.output_formats:  # "list github repos *as a table*"
        framed = without_formats(
            index,
            framed,
            connected,
            orders=options.sort_orders,
            superlatives=options.superlative_orders,
            reports=options.asked_reports,
            app_words=app_words,
        )
    if options.framed_texts and options.telling and framed.split()[:1] != written.split()[:1]:
        framed = texted(framed, options, a_name_says)  # "twilio please text +1415...": "send a text message to ..."
    return framed


def _participles(index: SearchIndex, any_verb: bool) -> Callable[[str], str | None]:
    """The verb a participle is a form of, as the index's names write it ("refunded": "refund"),
    or (``any_verb``, ``verbal_nouns``) where its inflection key is no verb's ("added", "pinned")."""
    in_names = functools.partial(verb_in_names, index)
    return (lambda p: in_names(p) or participle_verb(p)) if any_verb else in_names


def _app_words(mentions: tuple[AppMention, ...]) -> frozenset[str]:
    """The words naming the apps ``mentions`` holds, and each app's name in one word ("github")."""
    joined = {"".join(mention.words) for mention in mentions} | {mention.name.casefold() for mention in mentions}
    return frozenset(word for mention in mentions for word in mention.words) | joined


def _or_api_verb(leads: Callable[[str], bool] | None) -> Callable[[str], bool]:
    """``leads``, or a verb an API's operations do (``API_VERBS``)."""
    return lambda word: word in API_VERBS or (leads is not None and leads(word))
