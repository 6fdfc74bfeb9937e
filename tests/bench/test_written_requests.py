"""Requests written the way a model writes them, against the real catalogs of ../shared/data.

These were written by hand while reading why such requests came back empty or wrong (issue
13, fourth to twenty-third rounds), so they are examples the ranker was developed on, not a blind measure (that is the
benchmark's test halves). They hold what a user sees end to end: the tool asked for is among
the first three, or nothing comes back, for the reason that is true.
"""

from __future__ import annotations

import pytest

from bench import data as D
from cardamom.core.search import SearchIndex, rank

ROOT = D.data_root()
pytestmark = pytest.mark.skipif(not (ROOT / "catalogs").is_dir(), reason=f"shared data not found at {ROOT}")

APPS = (
    "notion",
    "asana",
    "box",
    "jira",
    "slack",
    "github",
    "stripe",
    "xero",
    "intercom",
    "cal-com",
    "digitalocean",
    "twilio",
)


@pytest.fixture(scope="module")
def workspace() -> tuple[D.Pool, SearchIndex]:
    apps = [app for app in D.first_class_apps(ROOT) if app.id in APPS]
    pool = D.make_pool("written requests", apps)
    return pool, pool.index()


FOUND = [
    ("create a new task in asana called 'Quarterly review' due Friday", "asana", "create_task"),
    ("search notion pages about onboarding", "notion", "post_search"),
    ("search box for invoices", "box", "get_search"),
    ("jira add work log", "jira", "add_worklog"),
    ("get the comments on jira ticket ABC-42", "jira", "get_comments"),
    ("add a comment to a notion page", "notion", "create_a_comment"),
    ("delete a notion block", "notion", "delete_a_block"),
    ("asana_create_subtask", "asana", "create_subtask_for_task"),
    ("jira get issue watchers", "jira", "get_issue_watchers"),
    ("post a message to the #engineering channel in slack", "slack", "chat_post_message"),
    ("invite a user to a slack channel", "slack", "conversations_invite"),
    ("refund a stripe charge ch_3MqL", "stripe", "post_charges_charge_refund"),
    ("list stripe invoices for customer cus_123", "stripe", "get_invoices"),
    ("xero list contacts", "xero", "get_contacts"),
    ("intercom reply to a conversation", "intercom", "reply_conversation"),
    ("cancel a cal.com booking", "cal-com", "bookings_controller_2024_08_13_cancel_booking"),
    ("star a github repo", "github", "activity_star_repo_for_authenticated_user"),
    ("rename a box folder", "box", "put_folders_id"),
    # fifth round, written against apps not used before (DigitalOcean, Twilio) and others
    ("list kubernetes clusters", "digitalocean", "kubernetes_list_clusters"),
    ("buy a phone number in twilio", "twilio", "create_incoming_phone_number"),
    ("twilio send text message", "twilio", "create_message"),
    ("list unpaid invoices in xero", "xero", "get_invoices"),
    ("list my upcoming cal.com bookings", "cal-com", "bookings_controller_2024_08_13_get_bookings"),
    ("create a jira issue of type Bug in project KAN with summary 'Login fails'", "jira", "create_issue"),
    ("get the README of octocat/hello-world", "github", "repos_get_readme"),
    ("power off droplet 555", "digitalocean", "droplet_actions_post"),
    ("upload a file to box folder 0", "box", "post_files_upload_sessions"),
    # sixth round: GitHub's pull requests, state changes, filters and values written in full
    ("list open pull requests in acme/api", "github", "pulls_list"),
    ("merge pull request 12 in acme/api", "github", "pulls_merge"),
    ("list the files changed in pull request 9", "github", "pulls_list_files"),
    ("close a github issue", "github", "issues_update"),
    ("complete asana task 789", "asana", "update_task"),
    ("xero void invoice", "xero", "update_invoice"),
    ("jira transition issue", "jira", "do_transition"),
    ("list twilio messages sent today", "twilio", "list_message"),
    ("Create a droplet named web-1 in nyc3 on DigitalOcean", "digitalocean", "droplets_create"),
    ("fetch the contents of a file from github repo acme/api path README.md", "github", "repos_get_content"),
    ("pull up my Asana tasks due this week", "asana", "get_tasks"),
    # seventh round: frame nouns, filters on a person, another, a compound that ate an app
    ("get the details of notion page 1a2b3c4d", "notion", "retrieve_a_page"),
    ('create an asana task "Review Q3 budget" assigned to me', "asana", "create_task"),
    ("move an asana task to another section", "asana", "add_task_for_section"),
    ("list the items in box folder 0", "box", "get_folders_id_items"),
    ("record a payment against xero invoice INV-001", "xero", "create_payment"),
    ("list intercom conversations assigned to me", "intercom", "list_conversations"),
    ("show me all stripe customers created this month", "stripe", "get_customers"),
    ("find xero invoices that are overdue", "xero", "get_invoices"),
    ("close stripe dispute dp_1", "stripe", "post_disputes_dispute_close"),
    ("List all active stripe subscriptions", "stripe", "get_subscriptions"),
    ("Delete twilio recording RE55", "twilio", "delete_recording"),
    # eighth round: head nouns, fields changed, short hexadecimal ids, roles, app tails
    ("box create folder", "box", "post_folders"),
    ("box copy file", "box", "post_files_id_copy"),
    ("Rename box file 555123 to final-v2.docx", "box", "put_files_id"),
    ("box get file info", "box", "get_files_id"),
    ("create a xero invoice for Acme Ltd", "xero", "create_invoices"),
    ("Create a credit note in xero for Acme", "xero", "create_credit_notes"),
    ("list twilio calls from yesterday", "twilio", "list_call"),
    ("create a github issue in acme/api titled 'Crash on start'", "github", "issues_create"),
    ("jira update issue", "jira", "edit_issue"),
    ("Set the priority of jira issue OPS-77 to High", "jira", "edit_issue"),
    ('Update the title of notion page 77aa88bb to "Roadmap 2027"', "notion", "patch_page"),
    ("change the due date of asana task 1203 to friday", "asana", "update_task"),
    ("Delete notion block 99aa", "notion", "delete_a_block"),
    ("Comment on notion page 77ef saying 'LGTM'", "notion", "create_a_comment"),
    ("List all users in the Notion workspace", "notion", "get_users"),
    ("Query notion database 0a1b2c for items where Status is Blocked", "notion", "query_data_source"),
    ("Delete box folder 678 and everything in it", "box", "delete_folders_id"),
    ("asana check off a to-do", "asana", "update_task"),
    ("jira raise a ticket", "jira", "create_issue"),
    ("spin up a digitalocean droplet", "digitalocean", "droplets_create"),
    ("I need to add a comment to Jira ticket SUP-204 saying the fix is deployed", "jira", "add_comment"),
    ('find notion pages that mention "quarterly review"', "notion", "post_search"),
    ("create a digitalocean droplet in nyc3 with 2GB ram", "digitalocean", "droplets_create"),
    ("jira bring up the comments on ticket CS-44", "jira", "get_comments"),
    ("asana wrap up the to-do 'Send report'", "asana", "update_task"),
    ("asana finish task 12345", "asana", "update_task"),
    ("notion display the members of the workspace", "notion", "get_users"),
    ("Link Jira issue API-7 as blocked by API-9", "jira", "link_issues"),
    ("Query Notion database 3b7c9d where Priority is High", "notion", "query_data_source"),
    ('Create a Box folder "2026 Contracts" inside folder 0', "box", "post_folders"),
    ("jira restore a deleted project", "jira", "restore"),
    ("jira release a version", "jira", "update_version"),
    ("box list collaborators of a file", "box", "get_files_id_collaborations"),
    ("jira list the fields on a ticket", "jira", "get_fields"),
    ("find the tool that sends slack messages", "slack", "chat_post_message"),
    ("is there a way to search notion", "notion", "post_search"),
    ("Jira API get issue", "jira", "get_issue"),
    ("jira search for issues where assignee is currently me", "jira", "search_for_issues_using_jql"),
    ("Create a Box webhook for folder 77 on FILE.UPLOADED", "box", "post_webhooks"),
    ("look up table in notion", "notion", "retrieve_a_database"),
    # twenty-second round: a question never gets a name that dismisses a review
    ("who reviewed pull request 88 in acme/api", "github", "pulls_list_reviews"),
    ("list twilio messages sent to +15551112222", "twilio", "list_message"),
    ("post the release notes to #announcements in Slack", "slack", "chat_post_message"),
    ("Tell me which GitHub repos I have starred", "github", "activity_list_repos_starred_by_authenticated_user"),
    # twenty-third round: "pull" the latest things reads them (a bank transaction's history first)
    ("Pull the latest Xero bank transactions", "xero", "get_bank_transactions"),
]


def _first_three(workspace: tuple[D.Pool, SearchIndex], query: str) -> list[tuple[str, str]]:
    """The first three tools ``query`` finds, each as (app, tool name)."""
    pool, index = workspace
    return [(pool.tools[h.doc].app, pool.tools[h.doc].name) for h in rank(index, query, limit=3).hits]


@pytest.mark.parametrize(("query", "app", "tool"), FOUND)
def test_the_tool_asked_for_is_among_the_first_three(
    workspace: tuple[D.Pool, SearchIndex], query: str, app: str, tool: str
) -> None:
    found = _first_three(workspace, query)
    assert (app, tool) in found, found


# Tenth round: each was second or lower before, or empty; the tool asked for now comes first.
FIRST = [
    ("box upload file", "box", "post_files_content"),
    ("download box file 12345", "box", "get_files_id_content"),
    ("Download the file contract.pdf from Box", "box", "get_files_id_content"),
    ("list the versions of box file 7788", "box", "get_files_id_versions"),
    ("box get file versions", "box", "get_files_id_versions"),
    ("Lock box file 9988 so nobody can edit it", "box", "put_files_id"),
    ("box trash a file", "box", "delete_files_id"),
    ("list jira projects", "jira", "get_all_projects"),
    ("asana add a to-do", "asana", "create_task"),
    ("please delete the slack message I just sent in #random", "slack", "chat_delete"),
    ("jira users", "jira", "get_all_users"),
    ("box create metadata on file", "box", "post_files_id_metadata_id_id"),
    ("box delete folder recursively", "box", "delete_folders_id"),
    ("box search files by name", "box", "get_search"),
    ("box permanently delete a file", "box", "delete_files_id_trash"),
    ("xero get account", "xero", "get_account"),
    ("list my asana projects", "asana", "get_projects"),
    ("Move Jira issue PAY-311 to Done", "jira", "do_transition"),
    ("jira close ticket", "jira", "do_transition"),
    ("Mark Jira issue WEB-88 as resolved", "jira", "do_transition"),
    ("close a github issue", "github", "issues_update"),
    ("List the files in Box folder 0", "box", "get_folders_id_items"),
    ("box view my user info", "box", "get_users_me"),
    ("jira fetch ticket details", "jira", "get_issue"),
    ("box folder 123 info", "box", "get_folders_id"),
    ("notion query a db", "notion", "query_data_source"),
    # Eleventh round: each was second or lower, or empty, on the tenth round's code.
    ("Export a Notion page as markdown", "notion", "retrieve_page_markdown"),
    ("export xero invoices", "xero", "get_invoices"),
    ("download twilio recording RE123", "twilio", "fetch_recording"),
    ("jira who am i", "jira", "get_current_user"),
    ("Who am I logged in as in Box?", "box", "get_users_me"),
    ('Update the status property of Notion page 1a2b3c to "Done"', "notion", "patch_page"),
    ("notion fetch all members", "notion", "get_users"),
    ("asana show my to-dos", "asana", "get_tasks"),
    ("asana show teammates", "asana", "get_users"),
    ("list unpaid bills in xero", "xero", "get_invoices"),
    ("Get the title of the Notion page 9a9a", "notion", "retrieve_a_page"),
    ("what is the due date of asana task 55", "asana", "get_task"),
    ("what is the name of asana project 12", "asana", "get_project"),
    ("Retrieve the schema of Notion database 1234", "notion", "retrieve_a_database"),
    ("what is the size of box file 44", "box", "get_files_id"),
    ("give me all jira projects", "jira", "get_all_projects"),
    ("give me my asana tasks", "asana", "get_tasks"),
    ("give me the details of jira issue PAY-1", "jira", "get_issue"),
    ("What are my open Asana tasks?", "asana", "get_tasks"),
    ("what are the unpaid invoices in xero", "xero", "get_invoices"),
    ("I need to see everything in the Box folder called Contracts", "box", "get_folders_id_items"),
    ("list recurring xero invoices", "xero", "get_repeating_invoices"),
    ('Create a Box folder named "2026 Contracts" inside folder 0', "box", "post_folders"),
    ("Set the Asana task 88221 due date to 2026-03-01", "asana", "update_task"),
    ("Set the Notion page 3b3b icon to a rocket", "notion", "patch_page"),
    ("set jira issue PAY-4 priority to High", "jira", "edit_issue"),
    ("set the box file 55 description to hello", "box", "put_files_id"),
    ("set asana task 5 assignee to kim", "asana", "update_task"),
    ("box ditch a file", "box", "delete_files_id"),
    # Twelfth round: each was second or lower, or empty, on the eleventh round's code.
    ("get all comments on jira issue ABC-1", "jira", "get_comments"),
    ("I'd like to see all the comments on ticket SUP-19 in Jira", "jira", "get_comments"),
    ("get all xero invoices", "xero", "get_invoices"),
    ("asana grab all my tasks", "asana", "get_tasks"),
    ("box list what's inside a folder", "box", "get_folders_id_items"),
    ("asana update a task's name", "asana", "update_task"),
    ("change the Jira issue's priority to High", "jira", "edit_issue"),
    ("get the notion page's title", "notion", "retrieve_a_page"),
    ("update the box file's description", "box", "put_files_id"),
    ("what is the asana task's due date", "asana", "get_task"),
    ("edit the notion block's text", "notion", "update_a_block"),
    ("change the Jira ticket's summary", "jira", "edit_issue"),
    ("update the stripe customer's email", "stripe", "post_customers_customer"),
    ("notion modify a page's icon", "notion", "patch_page"),
    ("jira tweak an issue's description", "jira", "edit_issue"),
    ("notion tweak a block", "notion", "update_a_block"),
    ("jira jot a note on a ticket", "jira", "add_comment"),
    ("add a comment to asana task 1234", "asana", "create_story_for_task"),
    ("Drop a comment on the Asana task 120045 saying the copy is approved", "asana", "create_story_for_task"),
    ("leave a comment on box file 12345", "box", "post_comments"),
    ("box add a collaborator to a folder", "box", "post_collaborations"),
    ("add kim as a collaborator on the box folder 77", "box", "post_collaborations"),
    ("add kim lee as a follower of asana task 9", "asana", "add_followers_for_task"),
    ("add alice as a member of the asana project Apollo", "asana", "add_members_for_project"),
    ("add dave as a watcher on jira issue ENG-2", "jira", "add_watcher"),
    ("change the priority of jira issue ENG-11 to high", "jira", "edit_issue"),
    ("change the name of box folder 9 to archive", "box", "put_folders_id"),
    ("update the Box folder's name to Archive", "box", "put_folders_id"),
    ("restore a deleted box file from trash", "box", "post_files_id"),
    ("What's the status of Jira issue PAY-9?", "jira", "get_issue"),
    ("who is the reporter of jira issue ENG-4", "jira", "get_issue"),
    ("what is the priority of jira issue ENG-7", "jira", "get_issue"),
    ("who is the owner of asana project 12", "asana", "get_project"),
    ("who is the assignee of asana task 8812", "asana", "get_task"),
    ('Post a comment on Notion page c0ffee saying "Looks good"', "notion", "create_a_comment"),
    ("create a comment on jira issue ENG-9", "jira", "add_comment"),
    ("comment on jira issue ENG-4 that the fix is merged", "jira", "add_comment"),
    ("leave a comment on asana task 42 that the design is approved", "asana", "create_story_for_task"),
    ("jira find tickets assigned to me", "jira", "search_for_issues_using_jql"),
    ("DM @maria on slack that the build is green", "slack", "chat_post_message"),
    ("create a release v2.0 for acme/api on github", "github", "repos_create_release"),
    ("get notion page c0ffee", "notion", "retrieve_a_page"),
    ("add Kim as a collaborator on the Box folder 77", "box", "post_collaborations"),
    ("read the notion database's properties", "notion", "retrieve_a_database"),
    ("search box for contract pdfs", "box", "get_search"),
    ("Get rid of Asana task 9981", "asana", "delete_task"),
    ("Who's working on Jira ticket ENG-88?", "jira", "get_issue"),
    ("who is assigned to asana task 44", "asana", "get_task"),
    ("Log a bug in Jira: checkout button unresponsive on mobile", "jira", "create_issue"),
    ("file a new bug in jira", "jira", "create_issue"),
    ("I need the full details on the Asana task 1203948571", "asana", "get_task"),
    ("show me the full details of jira issue ENG-3", "jira", "get_issue"),
    ("Push the due date of Asana task 7781 to next Friday", "asana", "update_task"),
    ("delete box file a.txt", "box", "delete_files_id"),
    ("invite bob to the slack channel design", "slack", "conversations_invite"),
    ("kick bob from the slack channel design", "slack", "conversations_kick"),
    ("add kim lee to the asana team design", "asana", "add_user_for_team"),
    ("github list my repos", "github", "repos_list_for_authenticated_user"),
    ("github show my issues", "github", "issues_list_for_authenticated_user"),
    ("github list my organizations", "github", "orgs_list_for_authenticated_user"),
    ("notion who am i", "notion", "get_self"),
    ("github who am i", "github", "users_get_authenticated"),
    ("search jira for issues assigned to me", "jira", "search_for_issues_using_jql"),
    ("Link Jira issue API-3 as blocking API-7", "jira", "link_issues"),
    ("asana find a user by email", "asana", "get_user"),
    ('Add label "regression" to Jira issue QA-8', "jira", "edit_issue"),
    ("jira stick a label on an issue", "jira", "edit_issue"),
    ("jira add a watcher to issue OPS-1", "jira", "add_watcher"),
    ("Assign the Asana task 'Update website' to John", "asana", "update_task"),
    ("Create an Asana task called 'Review PR' in the Engineering project and assign it to me", "asana", "create_task"),
    ("create a jira issue for the login bug and then assign it to kim", "jira", "create_issue"),
    ("Change the status of Jira ticket WEB-42 to Done", "jira", "do_transition"),
    ("set the status of jira issue ENG-3 to in progress", "jira", "do_transition"),
    ("Set the assignee of Jira issue API-77 to maria", "jira", "edit_issue"),
    ("Move the Box file 'budget.xlsx' to the 'Archive' folder", "box", "put_files_id"),
    ("box move a file to another folder", "box", "put_files_id"),
    ("asana move a task to a section", "asana", "add_task_for_section"),
    ("permanently delete box file 5 from the trash", "box", "delete_files_id_trash"),
    ("Could you create a Notion page for the meeting notes?", "notion", "post_page"),
    ("File a Jira ticket for the broken login page", "jira", "create_issue"),
    ("Which Jira projects exist?", "jira", "get_all_projects"),
    ("Can you tell me who is assigned to Asana task 123?", "asana", "get_task"),
    # fifteenth round: an action word after an article, a thing's name, a noun as a verb, what a
    # thing is made with, a thing taken out of another
    ("xero add a new contact named Bob's Plumbing", "xero", "create_contacts"),
    ("create a purchase order in xero", "xero", "create_purchase_orders"),
    ("archive notion page abc", "notion", "patch_page"),
    ("notion who is the owner of page abc", "notion", "retrieve_a_page"),
    ("post a message in the slack channel ops", "slack", "chat_post_message"),
    ("notion jot down a comment on page abc1", "notion", "create_a_comment"),
    ('comment on github issue 12 "thanks, fixed"', "github", "issues_create_comment"),
    ("fork the repository torvalds/linux", "github", "repos_create_fork"),
    ("asana attach a file to task 42", "asana", "create_attachment_for_object"),
    ("Watch the Jira issue ENG-12 for updates", "jira", "add_watcher"),
    ("Lock the Box folder 311", "box", "post_folder_locks"),
    ("digitalocean create a droplet in nyc3 with ubuntu", "digitalocean", "droplets_create"),
    ("digitalocean create a droplet with 2gb of memory", "digitalocean", "droplets_create"),
    ("create an asana task with a due date of friday", "asana", "create_task"),
    ("remove asana task 19 from project Alpha", "asana", "remove_project_for_task"),
    ("delete the file from the box trash", "box", "delete_files_id_trash"),
    ("create a stripe customer with the email bob@x.io and name Bob", "stripe", "post_customers"),
    ("create a twilio message with body hello to +15550001", "twilio", "create_message"),
    ("archive the notion page roadmap", "notion", "patch_page"),
    ("remove the label bug from github issue 42", "github", "issues_remove_label"),
    ("remove the user kim from the box group admins", "box", "delete_group_memberships_id"),
    # guards: a verb the names say, a word with no object after it, what a request keeps
    ("link jira issues ENG-1 and ENG-2", "jira", "link_issues"),
    ("jira users", "jira", "get_all_users"),
    ("tag intercom conversation 55 with billing", "intercom", "attach_tag_to_conversation"),
    ("invite @joe to the slack channel #design", "slack", "conversations_invite"),
    # "return" reads: the object's every word must be the added tool's ("shipping *rate* object")
    ("Return the Stripe shipping rate object 7178574", "stripe", "get_shipping_rates_shipping_rate_token"),
    # sixteenth round: a word in another form than the names' (a noun made from a verb or an
    # adjective, two words run together), a keyword search's action last, a list's thing singular
    ("cal.com availability slots", "cal-com", "slots_controller_2024_09_04_get_available_slots"),
    ("check my availability on cal.com next week", "cal-com", "slots_controller_2024_09_04_get_available_slots"),
    ("github rerun workflow 991", "github", "actions_re_run_workflow"),
    ("stripe invoice finalization for in_123", "stripe", "post_invoices_invoice_finalize"),
    ("stripe payment intent confirmation", "stripe", "post_payment_intents_intent_confirm"),
    ("jira issue watcher addition", "jira", "add_watcher"),
    ("slack user invitation", "slack", "admin_users_invite"),
    ("xero contact archival", "xero", "update_contact"),
    ("slack conversation archival", "slack", "conversations_archive"),
    ("notion page archival", "notion", "patch_page"),
    ("asana task completion", "asana", "update_task"),
    ("twilio call termination", "twilio", "update_call"),
    ("xero invoice voiding", "xero", "update_invoice"),
    ("xero invoice approve", "xero", "update_invoice"),
    ("github issue close", "github", "issues_update"),
    ("xero contact create", "xero", "create_contacts"),
    ("intercom ticket reopen", "intercom", "update_ticket"),
    ("stripe coupon creation", "stripe", "post_coupons"),
    ("list stripe payout", "stripe", "get_payouts"),
    ("list notion user", "notion", "get_users"),
    ("list xero invoice", "xero", "get_invoices"),
    ("list cal.com booking", "cal-com", "bookings_controller_2024_08_13_get_bookings"),
    ("stripe payout list", "stripe", "get_payouts"),
    ("notion user list", "notion", "get_users"),
    ("want to buy a twilio phone number", "twilio", "create_incoming_phone_number"),
    ("trying to delete a slack message", "slack", "chat_delete"),
    # guards: a thing an action word names keeps its order; one thing asked for stays one
    ("asana user task list", "asana", "get_user_task_list"),
    ("asana task list", "asana", "get_user_task_list"),
    ("get stripe payout po_123", "stripe", "get_payouts_payout"),
    # seventeenth round: an endpoint as a method and a path, an SDK call, a command line, a host
    ("POST /v1/customers on stripe", "stripe", "post_customers"),
    ("DELETE /v1/customers/{id} stripe", "stripe", "delete_customers_customer"),
    ("GET /v1/invoices stripe", "stripe", "get_invoices"),
    ("PATCH /repos/{owner}/{repo}/issues/{issue_number} github", "github", "issues_update"),
    ("POST /2010-04-01/Accounts/{AccountSid}/Messages.json twilio", "twilio", "create_message"),
    ("GET /v2/droplets digitalocean", "digitalocean", "droplets_list"),
    ("DELETE /v2/droplets/{droplet_id} digitalocean", "digitalocean", "droplets_destroy"),
    ("GET /api/3/issue/{issueIdOrKey} jira", "jira", "get_issue"),
    ("POST /api/3/issue/{issueIdOrKey}/comment jira", "jira", "add_comment"),
    ("GET /2.0/folders/{folder_id}/items box", "box", "get_folders_id_items"),
    ("GET /users/{username}/repos github", "github", "repos_list_for_user"),
    ("POST /v1/databases/{database_id}/query notion", "notion", "query_data_source"),
    ("slack POST https://slack.com/api/reactions.add", "slack", "reactions_add"),
    ("twilio Messages.create", "twilio", "create_message"),
    ("twilio calls.create", "twilio", "create_call"),
    ("github repos.get", "github", "repos_get"),
    ("xero accountingApi.getContacts", "xero", "get_contacts"),
    ("box files.getFileById", "box", "get_files_id"),
    ("octokit.rest.issues.create", "github", "issues_create"),
    ("octokit.pulls.requestReviewers", "github", "pulls_request_reviewers"),
    ("gh pr create", "github", "pulls_create"),
    ("gh issue list", "github", "issues_list"),
    ("gh issue close 12", "github", "issues_update"),
    ("gh pr list --state open", "github", "pulls_list"),
    ("doctl compute droplet create", "digitalocean", "droplets_create"),
    ("stripe customers create --email a@b.com", "stripe", "post_customers"),
    ("github.com list my repos", "github", "repos_list_for_authenticated_user"),
    ("create a notion page then share it with ana", "notion", "post_page"),
    ("gh release list", "github", "repos_list_releases"),
    ("github release publication", "github", "repos_update_release"),
    # guards: a method in camel case reads as a guessed name, as before
    ("box.users.getUserMe", "box", "get_users_me"),
    ("asana tasks.createTask", "asana", "create_task"),
    # eighteenth round: a person by a given name, telling someone, an issue's bare key
    ("send daniel a message on slack saying lunch at noon", "slack", "chat_post_message"),
    ("dm lisa on slack about the release", "slack", "chat_post_message"),
    ("message sophia on slack", "slack", "chat_post_message"),
    ("book a meeting with bob on cal.com tomorrow at 3pm", "cal-com", "bookings_controller_2024_08_13_create_booking"),
    ("notify bob on slack about the outage", "slack", "chat_post_message"),
    ("let priya know on slack that her ticket is closed", "slack", "chat_post_message"),
    ("ping omar on slack", "slack", "chat_post_message"),
    ("notify the team on slack that the release is out", "slack", "chat_post_message"),
    ("tell #general on slack that the deploy is done", "slack", "chat_post_message"),
    ("move PROJ-12 to done in jira", "jira", "do_transition"),
    ("mark PROJ-12 as done in jira", "jira", "do_transition"),
    ("change the priority of PROJ-7 to high in jira", "jira", "edit_issue"),
    ("set PROJ-7 priority to high in jira", "jira", "edit_issue"),
    ("jira who is the reporter of ENG-4", "jira", "get_issue"),
    ("Update ENG-12's assignee in Jira to sam@acme.com", "jira", "edit_issue"),
    ("transition ENG-3 to done", "jira", "do_transition"),
    ("set bob as the assignee of jira issue ENG-3", "jira", "edit_issue"),
    ("make priya the owner of asana project 12", "asana", "update_project"),
    ("get github gists", "github", "gists_list"),
    ("log work on jira issue OPS-12", "jira", "add_worklog"),
    ("log 2h on jira issue OPS-12", "jira", "add_worklog"),
    ("show github notifications", "github", "activity_list_notifications_for_authenticated_user"),
    ("fetch the pull requests in github repo acme/web", "github", "pulls_list"),
    # guards: an app's own word for telling comes first; a name reading a list with "get" keeps it
    ("get stripe charges", "stripe", "get_charges"),
    ("notify the assignee of jira issue ENG-4", "jira", "notify"),
    # nineteenth round: requests as agents write them, with their parameters
    ("are there any unread intercom conversations", "intercom", "list_conversations"),
    ("Pin the last message in #announcements on Slack", "slack", "pins_add"),
    ("Refund the last Stripe charge for customer cus_88XY", "stripe", "post_charges_charge_refund"),
    ("I'd like to know which Stripe subscriptions are past due", "stripe", "get_subscriptions"),
    ("When is Asana task 4451 due?", "asana", "get_task"),
    ("is there any overdue invoice in xero", "xero", "get_invoice"),
    ("Archive the Asana project Website Redesign", "asana", "update_project"),
    ("remind me in slack tomorrow at 9 to review the PR", "slack", "reminders_add"),
    ("set a slack reminder for 5pm to call the bank", "slack", "reminders_add"),
    ("jira REST search with jql 'project = CORE AND status = Open'", "jira", "search_for_issues_using_jql"),
    ("GET /repos/acme/api/pulls/12/files on github", "github", "pulls_list_files"),
    ("DELETE /repos/acme/web/issues/comments/991 github", "github", "issues_delete_comment"),
    ("stripe.Customer.create with email bob@acme.com", "stripe", "post_customers"),
    ('Create a Jira issue in project OPS with summary "Disk full on db-3" and priority High', "jira", "create_issue"),
    ("List the files in Box folder 12345 sorted by name", "box", "get_folders_id_items"),
    ("list stripe charges with status failed", "stripe", "get_charges"),
    ("Add the emoji reaction :tada: to the Slack message at 1712345678.000100 in C0123", "slack", "reactions_add"),
    ("Create a Stripe price of 20 EUR monthly for product prod_ABC", "stripe", "post_prices"),
    ("Get all Asana tasks in project 1204556 that are incomplete", "asana", "get_tasks_for_project"),
    ("List GitHub issues in acme/api with label bug, state open", "github", "issues_list_for_repo"),
    ("get github issues for acme/api", "github", "issues_list_for_repo"),
    ("box dl file 552", "box", "get_files_id_content"),
    ("list intercom convos", "intercom", "list_conversations"),
    # guards: a container's word some long name says beside the thing; the caller's own user
    ("add the bug label to github issue 12 in acme/api", "github", "issues_add_labels"),
    ("merge PR 42 in acme/web", "github", "pulls_merge"),
    ("GET /2.0/users/me box", "box", "get_users_me"),
    # twentieth round: arguments written as code, and requests naming no action
    ("github list issues state=open labels=bug repo=acme/api", "github", "issues_list_for_repo"),
    ('stripe create customer {"email": "jo@example.com", "name": "Jo"}', "stripe", "post_customers"),
    ("stripe.Customer.create(email='jo@example.com', name='Jo')", "stripe", "post_customers"),
    ("octokit.issues.listForRepo({owner: 'acme', repo: 'api', state: 'open'})", "github", "issues_list_for_repo"),
    ("GET /repos/acme/api/issues?state=open&labels=bug", "github", "issues_list_for_repo"),
    ('POST /v1/customers {"email":"jo@example.com"}', "stripe", "post_customers"),
    ("client.chat_postMessage(channel='#general', text='hi')", "slack", "chat_post_message"),
    ("list customers limit=3", "stripe", "get_customers"),
    ('jira create issue project=OPS summary="Disk full on db-3" priority=High', "jira", "create_issue"),
    ('asana create task {"name": "Ship v2", "assignee": "me", "due_on": "2025-01-31"}', "asana", "create_task"),
    ("slack conversations.history channel=C123 limit=20", "slack", "conversations_history"),
    ('twilio.messages.create(to="+15551234567", from_="+15557654321", body="Hi")', "twilio", "create_message"),
    ("twilio calls create to=+15551234567 from=+15557654321 url=https://x.io/voice.xml", "twilio", "create_call"),
    ("stripe subscriptions list customer=cus_123 status=active", "stripe", "get_subscriptions"),
    ("cal.com bookings list status=upcoming take=10", "cal-com", "bookings_controller_2024_08_13_get_bookings"),
    ("gh api repos/acme/api/issues", "github", "issues_list_for_repo"),
    (
        "curl -s https://api.github.com/repos/acme/api/issues?state=open -H 'Authorization: Bearer x'",
        "github",
        "issues_list_for_repo",
    ),
    ("curl https://api.stripe.com/v1/customers -d email=jo@example.com", "stripe", "post_customers"),
    ("xero invoices", "xero", "get_invoices"),
    ("xero invoices from last month", "xero", "get_invoices"),
    ("create a draft invoice in xero for customer Acme for 500 USD", "xero", "create_invoices"),
    ("count the unread intercom conversations", "intercom", "list_conversations"),
    ("list jira issues", "jira", "search_for_issues_using_jql"),
    ("show the open issues in jira project KAN", "jira", "search_for_issues_using_jql"),
    ("count the open jira issues in project ABC", "jira", "search_for_issues_using_jql"),
    ("list intercom tickets", "intercom", "search_tickets"),
    ("count the tasks in asana project 12", "asana", "get_task_counts_for_project"),
    ("list the commits on github PR 88", "github", "pulls_list_commits"),
    ("box.files.update(file_id='123', name='final.pdf')", "box", "put_files_id"),
    # guards: a key some name is named by stays ("jql"); an SDK call's own method
    ('jira search jql="assignee = currentUser() AND resolution = Unresolved"', "jira", "search_for_issues_using_jql"),
    ('slack.users.lookupByEmail(email="ann@acme.com")', "slack", "users_lookup_by_email"),
    # twenty-first round: a list asked for by a thing of another kind, and things only searched
    ("list stripe charges for customer cus_123", "stripe", "get_charges"),
    ("stripe charges for customer cus_123", "stripe", "get_charges"),
    ("list the stripe payment intents for customer cus_77", "stripe", "get_payment_intents"),
    ("get stripe refunds for payment intent pi_123", "stripe", "get_refunds"),
    ("show the invoices of xero contact Acme Ltd", "xero", "get_invoices"),
    ("list cal.com bookings for event type 12", "cal-com", "bookings_controller_2024_08_13_get_bookings"),
    ("show cal.com bookings of attendee jane@acme.com", "cal-com", "bookings_controller_2024_08_13_get_bookings"),
    ("list cal.com bookings for user 7", "cal-com", "bookings_controller_2024_08_13_get_bookings"),
    ("list the digitalocean droplets in region nyc3", "digitalocean", "droplets_list"),
    ("jira issues assigned to me", "jira", "search_for_issues_using_jql"),
    ("jira issues in status Done", "jira", "search_for_issues_using_jql"),
    # guards: a name saying the list for that kind; a holder's list; a destination; no list
    ("jira worklogs for issue OPS-1", "jira", "get_issue_worklog"),
    ("github releases for tag v1.0 in acme/api", "github", "repos_get_release_by_tag"),
    ("list the files in box folder 123456", "box", "get_folders_id_items"),
    ("intercom conversations assigned to admin 991", "intercom", "search_conversations"),
    ("give me the details of jira issue PAY-1", "jira", "get_issue"),
    # twenty-first round: a thing's name before its kind
    ("list the tasks in the Q1 Launch project on asana", "asana", "get_tasks_for_project"),
    ("list the issues in the KAN jira project", "jira", "search_for_issues_using_jql"),
    ("list the members of the marketing team in asana", "asana", "get_users_for_team"),
    ("list the droplets in the production project on digitalocean", "digitalocean", "projects_list_resources"),
    # twenty-first round: a member's tool before an administrator's equal
    ("archive the slack channel ops", "slack", "conversations_archive"),
    ("Archive the Slack channel old-project", "slack", "conversations_archive"),
    ("archive the old-project slack channel", "slack", "conversations_archive"),
    # twenty-second round: a thing created with a thing of another kind; one issued
    ("issue a refund of $20 on payment intent pi_123", "stripe", "post_refunds"),
    ("issue a refund for stripe charge ch_888", "stripe", "post_refunds"),
    ("issue a credit note for xero invoice INV-0099", "xero", "create_credit_notes"),
    ("issue an invoice in xero to Acme Ltd for $1200", "xero", "create_invoices"),
    # twenty-second round: an adjective framing the thing asked, a filter's words, a field asked "on"
    ("what transitions are available for jira issue ENG-12", "jira", "get_transitions"),
    ("what sizes are available for digitalocean droplets", "digitalocean", "sizes_list"),
    ("list digitalocean droplets tagged web", "digitalocean", "droplets_list"),
    ("list intercom conversations tagged billing", "intercom", "list_conversations"),
    ("list droplets in the fra1 region on digitalocean", "digitalocean", "droplets_list"),
    ("Who is the assignee on Jira ticket OPS-321?", "jira", "get_issue"),
    ("create a stripe product called Pro Plan priced at $29 per month", "stripe", "post_products"),
    # twenty-second round: a slug before a repository's word, a title in lower case
    ("list the collaborators on the acme/api github repo", "github", "repos_list_collaborators"),
    ("create a github issue in acme/web titled Login broken with label bug", "github", "issues_create"),
    ("create a jira sub-task under ENG-14 called write tests", "jira", "create_issue"),
    # twenty-second round: words read as others, and names that write where a request reads
    ("Shoot a text to +15550009999 via Twilio saying your order shipped", "twilio", "create_message"),
    ("twilio send text message", "twilio", "create_message"),
    ("When is my next cal.com booking?", "cal-com", "bookings_controller_2024_08_13_get_booking"),
    ("create a payment link for price price_123", "stripe", "post_payment_links"),
    # twenty-second round: a frame's thing is the head; a field asked "for" a thing
    ("Could you pull up the details for Stripe customer cus_Q2a9?", "stripe", "get_customers_customer"),
    ("get the details for stripe customer cus_Q2a9", "stripe", "get_customers_customer"),
    ("what's the status for jira ticket WEB-12", "jira", "get_issue"),
    ("who is the owner for asana project 77", "asana", "get_project"),
    # twenty-second round: questions about what was done, lists naming no action, places, fields set
    ("how many Twilio messages did we send today", "twilio", "list_messages"),
    ("give me the Stripe invoices that are still open", "stripe", "get_invoices"),
    ("open stripe invoices", "stripe", "get_invoices"),
    ("create a Notion page in the Engineering space called Runbook", "notion", "post_page"),
    ("update xero invoice INV-7 due date to friday", "xero", "update_invoice"),
    ("update jira issue ENG-1 summary to Broken login", "jira", "edit_issue"),
    ("list everyone in my Slack workspace", "slack", "users_list"),
    ("download the twilio call recording RE88 as mp3", "twilio", "fetch_call_recording"),
    ("Can you tell me how many unread conversations we have in Intercom?", "intercom", "list_conversations"),
    ("what issues were created in Jira this week", "jira", "search_for_issues_using_jql_post"),
    # twenty-second round: a listed plural searched by its synonym, a gerund's object
    ("show me the open tickets in Jira project SUP", "jira", "search_for_issues_using_jql"),
    ("list jira tickets", "jira", "search_for_issues_using_jql"),
    ("create a task in asana for reviewing the contract, due next Tuesday", "asana", "create_task"),
    # twenty-second round: what a request sends, an action it rules out
    ("close pull request 45 in acme/api without merging", "github", "pulls_update"),
    # twenty-second round: a title to the end, a comparison, a frame's "free"
    ("create an intercom article titled How to reset your password", "intercom", "create_article"),
    ("close all intercom conversations older than 30 days", "intercom", "update_conversation"),
    ("what time slots are free on cal.com tomorrow", "cal-com", "slots_controller_2024_09_04_get_available_slots"),
    ("show me my jira tickets", "jira", "search_for_issues_using_jql"),
    # twenty-second round: an urging frame; a word a shortened name's cut falls inside
    ("Time to close Jira issue WEB-9", "jira", "do_transition"),
    ("Go ahead and delete Box folder 33", "box", "delete_folders_id"),
    # guards: a field read "of" a thing, a container's list, a rate's words read before
    ("check the status of twilio message SM123", "twilio", "fetch_message"),
    ("list available slots on cal.com for event type 5", "cal-com", "slots_controller_2024_09_04_get_available_slots"),
    ("create a task called review pr in asana", "asana", "create_task"),
    # twenty-third round: a request told of the user, or asking for a tool
    ("The user wants to see their open Jira issues", "jira", "search_for_issues_using_jql"),
    ("user wants to create a new Notion page for meeting notes", "notion", "post_page"),
    ("user needs the list of Xero contacts", "xero", "get_contacts"),
    ("They asked for the Stripe balance", "stripe", "get_balance"),
    (
        "The customer is asking to reschedule their cal.com booking",
        "cal-com",
        "bookings_controller_2024_08_13_reschedule_booking",
    ),
    ("user request: close jira ticket OPS-12", "jira", "do_transition"),
    ("tool for creating a xero invoice", "xero", "create_invoices"),
    ("need a function that deletes a digitalocean droplet", "digitalocean", "droplets_destroy"),
    ("function for adding a comment to an asana task", "asana", "create_story_for_task"),
    # twenty-third round: an app named as the means, or told to do it
    ("use the stripe api to list customers", "stripe", "get_customers"),
    ("using the GitHub API, list open pull requests in acme/web", "github", "pulls_list"),
    ("call notion to create a page in the Roadmap database", "notion", "post_page"),
    ("through the asana integration, add a task called Fix login", "asana", "create_task"),
    ("with the DigitalOcean API, reboot droplet 42", "digitalocean", "droplet_actions_post"),
    ("Call the Xero API to create a contact named Acme Ltd", "xero", "create_contacts"),
    ("Using the Twilio API, list my phone numbers", "twilio", "list_incoming_phone_number"),
    ("use intercom to find contact jane@acme.com", "intercom", "search_contacts"),
    ("list Twilio calls from yesterday using the API", "twilio", "list_call"),
    ("fetch slack users via API", "slack", "users_list"),
    ("slack API conversations.list", "slack", "conversations_list"),
    ("Ask Jira for the transitions of PROJ-3", "jira", "get_transitions"),
    ('Make GitHub open an issue titled "Docs typo"', "github", "issues_create"),
    ("make cal.com cancel booking 4455", "cal-com", "bookings_controller_2024_08_13_cancel_booking"),
    # twenty-third round: a turn of a conversation, a message told, a dashed name, a key in capitals
    ("ok now delete that asana task 1203", "asana", "delete_task"),
    ("next, create a Box folder named Reports inside folder 0", "box", "post_folders"),
    ("One more: how many Stripe customers do we have?", "stripe", "get_customers"),
    ("Real quick: who am I on GitHub?", "github", "users_get_authenticated"),
    ("Tell Bob in Slack the build failed", "slack", "chat_post_message"),
    ("Kill the droplet named test-box", "digitalocean", "droplets_destroy"),
    ("for jira, create a bug in OPS", "jira", "create_issue"),
    # twenty-third round: no action, "all" things and the latest; a name marking a state; "pull"
    ("all xero invoices", "xero", "get_invoices"),
    (
        "The user asked me to find their GitHub notifications",
        "github",
        "activity_list_notifications_for_authenticated_user",
    ),
    # guards: a means' word before a thing of it, a CLI's command, a read marked
    ("gh api repos/acme/api/issues", "github", "issues_list_for_repo"),
    ("mark github notifications as read", "github", "activity_mark_notifications_as_read"),
]


@pytest.mark.parametrize(("query", "app", "tool"), FIRST)
def test_the_tool_asked_for_comes_first(workspace: tuple[D.Pool, SearchIndex], query: str, app: str, tool: str) -> None:
    found = _first_three(workspace, query)
    assert found[:1] == [(app, tool)], found


NOTHING = [
    ("create confluence page", "app_not_connected"),
    ("send a message to the #general channel in microsoft teams", "app_not_connected"),
    ("What's the weather in Paris?", "words_uncovered"),
    ("write me a poem about cats", "words_uncovered"),
    ("what is 17 times 23", "words_uncovered"),
    ("list the cards on a trello board", "app_not_connected"),
    ("convert 100 usd to eur", "words_uncovered"),
    ("play some music on spotify", "app_not_connected"),
    ("book a flight to new york", "words_uncovered"),
    ("what's on my calendar today", "words_uncovered"),
    ("jira create sprint", "words_uncovered"),
    ("What sprints are on Jira board 12?", "words_uncovered"),
    # an app's command-line tool names the app, which the org has not connected
    ("glab mr create", "app_not_connected"),
    ("kubectl get pods", "app_not_connected"),
    ("GET /crm/v3/objects/contacts hubspot", "app_not_connected"),
    # a person's name that is all a request has beside its action; a verb implies no app
    ("look up jane in intercom", "words_uncovered"),
    ("let the team know in #general that the deploy is done", "words_uncovered"),
]


def test_a_request_that_links_never_gets_a_tool_that_deletes(workspace: tuple[D.Pool, SearchIndex]) -> None:
    names = [h.name for h in rank(workspace[1], "Link jira issue ABC-1 to ABC-2 as blocks").hits]
    assert names and not any("delete" in name for name in names), names


@pytest.mark.parametrize(("query", "reason"), NOTHING)
def test_nothing_comes_back_for_what_is_not_there(
    workspace: tuple[D.Pool, SearchIndex], query: str, reason: str
) -> None:
    ranking = rank(workspace[1], query)
    assert ranking.empty and ranking.reason is not None
    assert ranking.reason.kind == reason


def test_removing_someone_from_a_thing_never_deletes_the_thing(workspace: tuple[D.Pool, SearchIndex]) -> None:
    first = _first_three(workspace, "Remove kim@acme.com from the Asana project 7788")[0]
    assert first[1].startswith("remove_") and first[1].endswith("_for_project"), first
    # nor deleting a thing from another: Asana's comments are stories, and the task stays
    assert ("asana", "delete_task") not in _first_three(workspace, "Delete comment 77 from Asana task 12")


def test_an_empty_result_names_the_words_only_descriptions_say(workspace: tuple[D.Pool, SearchIndex]) -> None:
    # Jira's platform API has no sprints: only a few descriptions mention them
    reason = rank(workspace[1], "jira create sprint").reason
    assert reason is not None and "sprint" in reason.uncovered and "sprint" in reason.described_only
